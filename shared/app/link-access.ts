import { effectiveStatus } from '../domain/consent/consent-request';
import { fail } from '../domain/errors';
import { seatOf, type Family } from '../domain/family/account';
import type { Seat } from '../domain/family/seat';
import type { Deps } from './deps';

/**
 * The person's access to their seat: the consent link's token is their only credential, as a
 * guardian's token is theirs (`family-access.ts`). The guardian's side shows the link; the person's
 * consent, pairing and stream routes open it.
 *
 * A token is a keyed hash of its request id: 256 bits, URL-safe, unguessable without the service's
 * key, and never stored. The table keeps only a keyed hash of the token (the lookup key), and the
 * service can show the link again by recomputing it.
 */
export const linkToken = (deps: Pick<Deps, 'hasher'>, requestId: string): string =>
  deps.hasher.digest('consent-link', requestId);

export const linkTokenHash = (deps: Pick<Deps, 'hasher'>, token: string): string =>
  deps.hasher.digest('consent-link-lookup', token);

export const linkUrl = (deps: Pick<Deps, 'settings'>, token: string): string =>
  `${deps.settings.consent.pageBaseUrl}/c/${token}`;

/** The shape of a well-formed token; anything else is unknown without a lookup. */
export const isLinkToken = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);

export interface Opened {
  family: Family;
  seat: Seat;
  /** Whether the link is the seat's current request (not replaced by a newer one). */
  current: boolean;
}

/** The seat a link token points to; 404 for a token that is not one of ours. Count limits first. */
export const findLink = async (deps: Pick<Deps, 'families' | 'hasher'>, token: string): Promise<Opened> => {
  const target = isLinkToken(token) ? await deps.families.findConsentLink(linkTokenHash(deps, token)) : null;
  const family = target === null ? null : await deps.families.load(target.accountUid);
  const seat = family === null || target === null ? undefined : seatOf(family, target.seatUid);
  if (family === null || target === null || seat === undefined)
    throw fail('NOT_FOUND', undefined, 'No such link.');
  return { family, seat, current: seat.consent?.requestId === target.requestId };
};

/**
 * Live links only: the current request, not expired, not revoked. Every public route asks for one
 * except the protection view, which says why a link without a given consent has none.
 */
export const requireLive = (opened: Opened, now: Date): Opened => {
  const status = opened.seat.consent === null ? null : effectiveStatus(opened.seat.consent, now);
  if (!opened.current || status === null || status === 'expired' || status === 'revoked')
    throw fail('CONSENT_EXPIRED');
  return opened;
};
