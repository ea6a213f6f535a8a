import { deriveProtection } from '../../domain/consent/protection';
import { effectiveStatus } from '../../domain/consent/consent-request';
import { declineConsent, giveConsent, stopByDependent } from '../../domain/consent/seat-consent';
import { fail } from '../../domain/errors';
import { seatOf, type Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import type { Deps } from '../deps';
import { apiEvent } from '../events';
import { enforceRateLimits } from '../rate-limits';
import { seatRef } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';
import { isLinkToken, linkTokenHash } from './links';

/**
 * The person's side: the link token is the only credential. Each route counts the link's and the
 * IP's budget before the token is looked up; an unknown token is 404, a replaced, expired or
 * revoked one 422 `CONSENT_EXPIRED`.
 */
type PersonDeps = Pick<Deps, 'families' | 'ids' | 'clock' | 'hasher' | 'settings' | 'rateLimiter'>;

type Bucket = 'read' | 'write';

const limit = (deps: PersonDeps, bucket: Bucket, token: string, ip: string) => {
  const rates = deps.settings.consentRates;
  return enforceRateLimits(deps.rateLimiter, [
    {
      rule: `consent_${bucket}_link`,
      identifier: token,
      limit: bucket === 'read' ? rates.readPerLink : rates.writePerLink,
    },
    {
      rule: `consent_${bucket}_ip`,
      identifier: ip,
      limit: bucket === 'read' ? rates.readPerIp : rates.writePerIp,
    },
  ]);
};

interface Opened {
  family: Family;
  seat: Seat;
  /** Whether the link is the seat's current request (not replaced by a newer one). */
  current: boolean;
}

const openLink = async (deps: PersonDeps, bucket: Bucket, token: string, ip: string): Promise<Opened> => {
  await limit(deps, bucket, token, ip);
  const target = isLinkToken(token) ? await deps.families.findConsentLink(linkTokenHash(deps, token)) : null;
  const family = target === null ? null : await deps.families.load(target.accountUid);
  const seat = family === null || target === null ? undefined : seatOf(family, target.seatUid);
  if (family === null || target === null || seat === undefined)
    throw fail('NOT_FOUND', undefined, 'No such link.');
  return { family, seat, current: seat.consent?.requestId === target.requestId };
};

/** Live links only: the current request, not expired, not revoked. */
const requireLive = (opened: Opened, now: Date): Opened => {
  const status = opened.seat.consent === null ? null : effectiveStatus(opened.seat.consent, now);
  if (!opened.current || status === null || status === 'expired' || status === 'revoked')
    throw fail('CONSENT_EXPIRED');
  return opened;
};

const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

/** The phrase the person reads aloud: their first name makes each recording theirs. */
export const phraseFor = (personFirstName: string): string =>
  `Eu, ${personFirstName}, aceito a proteção da minha família no meu celular.`;

/** What the consent page shows: who asks (a first name only), the tie, the phrase, the state. */
const pageView = ({ seat }: Opened, now: Date) => {
  const person = seat.dependent;
  return {
    status: seat.consent === null ? null : effectiveStatus(seat.consent, now),
    expiresAt: seat.consent?.expiresAt ?? null,
    requester: { firstName: seat.consent?.requesterFirstName ?? null },
    person: person === null ? null : { firstName: firstName(person.name), kind: person.kind },
    relationship: person?.relationship ?? null,
    phrase: person === null ? null : phraseFor(firstName(person.name)),
    evidenceVerified: seat.consent?.evidenceVerifiedAt != null,
  };
};

export const readConsentPage = async (deps: PersonDeps, token: string, ip: string) => {
  const now = deps.clock.now();
  return pageView(requireLive(await openLink(deps, 'read', token, ip), now), now);
};

const decide = async (
  deps: PersonDeps,
  token: string,
  ip: string,
  change: (seat: Seat, now: Date) => Seat,
  eventType: string,
  payload: Record<string, string> = {},
) => {
  const now = deps.clock.now();
  const opened = requireLive(await openLink(deps, 'write', token, ip), now);
  const changed = change(opened.seat, now);
  const saved = await deps.families.saveSeat(changed, [
    apiEvent(deps, { type: eventType, accountId: changed.accountUid, seat: seatRef(changed), payload }),
    ...stateChangeEvents(deps, opened.seat, changed),
  ]);
  return pageView({ ...opened, seat: saved }, now);
};

/** `POST /consent-requests/{token}/accept`: the person's yes, once their evidence is verified. */
export const acceptConsent = (deps: PersonDeps, token: string, ip: string) =>
  decide(deps, token, ip, giveConsent, 'consent.given');

/** `POST /consent-requests/{token}/decline`: no reason is ever asked; resend waits. */
export const declineConsentLink = (deps: PersonDeps, token: string, ip: string) =>
  decide(
    deps,
    token,
    ip,
    (seat, now) => declineConsent(seat, now, deps.settings.consent),
    'consent.declined',
  );

/** `POST /consent-requests/{token}/stop`: the person stops protection; the seat key is destroyed. */
export const stopProtection = (deps: PersonDeps, token: string, ip: string) =>
  decide(
    deps,
    token,
    ip,
    (seat, now) => stopByDependent(seat, now, deps.settings.consent),
    'consent.revoked',
    { by: 'dependent' },
  );

/**
 * `GET /consent-requests/{token}/protection`: the person's view of their protection. A link that a
 * newer given consent replaced says so; a link with no given consent behind it says that.
 */
export const readPersonProtection = async (deps: PersonDeps, token: string, ip: string) => {
  const now = deps.clock.now();
  const opened = await openLink(deps, 'read', token, ip);
  const status = opened.seat.consent === null ? null : effectiveStatus(opened.seat.consent, now);
  if (!opened.current) throw fail(status === 'given' ? 'PROTECTION_LINK_REPLACED' : 'CONSENT_NOT_GIVEN');
  const stopped = status === 'revoked' && opened.seat.consent?.revokedBy === 'dependent';
  if (status !== 'given' && !stopped) throw fail('CONSENT_NOT_GIVEN');
  const { state, reason, since } = deriveProtection(opened.seat, now);
  return { state, reason, since, canStop: status === 'given' };
};
