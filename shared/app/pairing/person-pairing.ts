import { fail } from '../../domain/errors';
import { personPairingView, type Pairing } from '../../domain/pairing/pairing';
import type { RateRule } from '../../domain/rate-limit/window';
import type { Deps } from '../deps';
import { findLink, requireLive } from '../consent/person';
import { enforceRateLimits } from '../rate-limits';
import { answerPasskey, startPersonPairing } from './pairing';

/**
 * The person's pairing routes (`/consent-requests/{token}/pairing…`). The spec fixes their budgets
 * (a 10-minute window, per link and per IP); each is counted before the token is looked up.
 */
const window = 600;
const budgets = {
  start: { perLink: { limit: 10, windowSeconds: window }, perIp: { limit: 30, windowSeconds: window } },
  passkey: { perLink: { limit: 10, windowSeconds: window }, perIp: { limit: 600, windowSeconds: window } },
  read: { perLink: { limit: 120, windowSeconds: window }, perIp: { limit: 600, windowSeconds: window } },
} satisfies Record<string, { perLink: RateRule; perIp: RateRule }>;

type PersonPairingDeps = Parameters<typeof startPersonPairing>[0] & Pick<Deps, 'hasher' | 'rateLimiter'>;

/** Counts the route's budgets (before the token is looked up) and gives the live link's access. */
const openFor = async (deps: PersonPairingDeps, route: keyof typeof budgets, token: string, ip: string) => {
  await enforceRateLimits(deps.rateLimiter, [
    { rule: `pairing_${route}_link`, identifier: token, limit: budgets[route].perLink },
    { rule: `pairing_${route}_ip`, identifier: ip, limit: budgets[route].perIp },
  ]);
  return async () => requireLive(await findLink(deps, token), deps.clock.now());
};

/** `POST /consent-requests/{token}/pairing`: the code path; 201 with the pairing the person sees. */
export const startPairingFromLink = async (deps: PersonPairingDeps, token: string, ip: string) =>
  startPersonPairing(deps, await openFor(deps, 'start', token, ip));

/** `GET /consent-requests/{token}/pairing`: the person's current pairing, with their code. */
export const readPairingFromLink = async (deps: PersonPairingDeps, token: string, ip: string) => {
  const { seat } = await (await openFor(deps, 'read', token, ip))();
  if (seat.pairing === null) throw fail('NOT_FOUND', undefined, 'No pairing yet.');
  return personPairingView(seat.pairing);
};

/** `POST /consent-requests/{token}/pairing/passkey`: the person's number-match answer. */
export const passkeyFromLink = async (deps: PersonPairingDeps, token: string, ip: string, matches: boolean) =>
  personPairingView(
    (await answerPasskey(deps, await openFor(deps, 'passkey', token, ip), matches)) satisfies Pairing,
  );
