import { isIP } from 'node:net';
import type { gatewayRoutes } from './routes';

/**
 * What the edge's web ACL (AWS WAF, in front of every CloudFront distribution: the API's, the
 * gateway's and the consent page's) counts per client, one row per rule. CDK builds each rule from
 * its row (infra/constructs/edge-acl.ts) and the infra tests read the same rows.
 *
 * These are flood cutoffs, not the spec's limits: each sits far above what the app's own per-IP
 * budgets let one client do (docs/client-ip.md), so a client the edge blocks is one that kept
 * coming after the app's 429s. WAF counts an IPv6 sender by its full address (its `IP` key takes no
 * prefix length), so a caller rotating through its /64 escapes these; the app's limits count /64s.
 */
export interface EdgeRateRule {
  /** The rule's name in the web ACL, and its metric's. */
  name: string;
  /** The requests it counts: those whose path (decoded, normalised, lower-cased) starts with one of these. */
  paths: readonly string[];
  /**
   * Whose requests are counted together: each sender address (`ip`), or every sender at once
   * (`all`, for the webhooks' senders not listed as a provider's, made only when some are listed).
   */
  per: 'ip' | 'all';
  /** Requests allowed in the window; past it the edge answers 429 until the rate falls below it. */
  limit: number;
  windowSeconds: 60 | 120 | 300 | 600;
}

export const edgeRateRules = [
  // Sign-in: the app allows 20 code requests and 40 verifications an hour per address; this stops a
  // single source at one request a second, so it cannot spend the route's shared throttle.
  { name: 'sign-in-per-ip', paths: ['/auth/'], per: 'ip', limit: 300, windowSeconds: 300 },
  // The person's routes (the page's reads, answers, evidence, pairing, history import, stream): the
  // app's per-address budgets add up to about 2,000 in ten minutes; this is ten a second.
  { name: 'person-per-ip', paths: ['/consent-requests/'], per: 'ip', limit: 3000, windowSeconds: 300 },
  // Webhooks from a sender not listed as a provider's (listed ones are never counted): twenty a second
  // each, and all of them together a tenth of the gateway's throttle, so the listed providers' signed
  // deliveries always find room there (`gatewayThrottle`, infra/group-access.ts).
  { name: 'webhooks-per-ip', paths: ['/webhooks/'], per: 'ip', limit: 6000, windowSeconds: 300 },
  { name: 'webhooks-unlisted', paths: ['/webhooks/'], per: 'all', limit: 30000, windowSeconds: 300 },
] as const satisfies readonly EdgeRateRule[];

/** The providers whose webhook deliveries may come from listed addresses, and the route each signs. */
export const webhookProviderRoutes = {
  sessionProvider: '/webhooks/session-provider',
  businessProvider: '/webhooks/business-provider',
} as const satisfies Record<string, (typeof gatewayRoutes)[number]['path']>;
export type WebhookProvider = keyof typeof webhookProviderRoutes;

/**
 * The addresses (CIDR blocks) each provider delivers webhooks from, as published by it or as its
 * host has them: the edge lets them through on their own route uncounted (docs/infrastructure.md).
 */
export type WebhookSenders = Partial<Record<WebhookProvider, readonly string[]>>;

/**
 * A comma-separated list of addresses or CIDR blocks (`203.0.113.7, 2001:db8::/48`) as WAF takes
 * them: a bare address becomes its /32 or /128. Anything else stops the synth with its position.
 */
export const cidrList = (setting: string, text: string): string[] =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry, index) => {
      const [address = '', prefix, extra] = entry.split('/');
      const version = isIP(address);
      const bits = version === 4 ? 32 : 128;
      const length = prefix === undefined ? bits : Number(prefix);
      if (version === 0 || extra !== undefined || !Number.isInteger(length) || length < 1 || length > bits)
        throw new Error(`${setting}: entry ${index + 1} is not an address or CIDR block`);
      return `${address}/${length}`;
    });
