import type { RateRule } from '../domain/rate-limit/window';
import type { Deps } from './deps';
import type { SeatAccess } from './family-access';
import { findLink, requireLive } from './link-access';
import { enforceRateLimits } from './rate-limits';

/**
 * The person's routes behind their link that pairing and history share: the pairing's
 * (`/consent-requests/{token}/pairing…`) and the history offer's acceptance. Their budgets are fixed
 * (a 10-minute window, per link and per IP); each is counted before the token is looked up. Kept out
 * of both capabilities, so history, which pairing moves, needs nothing of pairing.
 */
const window = 600;
const budgets = {
  start: { perLink: { limit: 10, windowSeconds: window }, perIp: { limit: 30, windowSeconds: window } },
  passkey: { perLink: { limit: 10, windowSeconds: window }, perIp: { limit: 600, windowSeconds: window } },
  read: { perLink: { limit: 120, windowSeconds: window }, perIp: { limit: 600, windowSeconds: window } },
  // Accepting a history import's offer: budgeted as the pairing start.
  historyAccept: {
    perLink: { limit: 10, windowSeconds: window },
    perIp: { limit: 30, windowSeconds: window },
  },
} satisfies Record<string, { perLink: RateRule; perIp: RateRule }>;

/** Counts the route's budgets (before the token is looked up) and gives the live link's access. */
export const personLinkAccess = async (
  deps: Pick<Deps, 'families' | 'hasher' | 'clock' | 'rateLimiter'>,
  route: keyof typeof budgets,
  token: string,
  ip: string,
): Promise<SeatAccess> => {
  await enforceRateLimits(deps.rateLimiter, [
    { rule: `pairing_${route}_link`, identifier: token, limit: budgets[route].perLink },
    { rule: `pairing_${route}_ip`, identifier: ip, limit: budgets[route].perIp },
  ]);
  return async () => requireLive(await findLink(deps, token), deps.clock.now());
};
