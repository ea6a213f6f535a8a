import type { Deps } from '../deps';

/**
 * Consent link tokens. A token is a keyed hash of its request id: 256 bits, URL-safe, unguessable
 * without the service's key, and never stored. The table keeps only a keyed hash of the token
 * (the lookup key), and the service can show the link again by recomputing it.
 */
export const linkToken = (deps: Pick<Deps, 'hasher'>, requestId: string): string =>
  deps.hasher.digest('consent-link', requestId);

export const linkTokenHash = (deps: Pick<Deps, 'hasher'>, token: string): string =>
  deps.hasher.digest('consent-link-lookup', token);

export const linkUrl = (deps: Pick<Deps, 'settings'>, token: string): string =>
  `${deps.settings.consent.pageBaseUrl}/c/${token}`;

/** The shape of a well-formed token; anything else is unknown without a lookup. */
export const isLinkToken = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);
