/**
 * The page's security headers, one list for CloudFront's response headers policy (CDK) and the local
 * web server. The recorder's WAV encoder and its audio worklet start from `blob:` URLs the page itself
 * makes, hence `blob:` for scripts and workers; everything else is the page's own origin.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "worker-src 'self' blob:",
  'media-src blob:',
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

/** Two years, subdomains included: the page is HTTPS only. */
export const hstsSeconds = 63_072_000;

export const securityHeaders = {
  'content-security-policy': contentSecurityPolicy,
  // The link's token is in the URL: it must never leave in a Referer.
  'referrer-policy': 'no-referrer',
  'strict-transport-security': `max-age=${hstsSeconds}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=()',
} as const;
