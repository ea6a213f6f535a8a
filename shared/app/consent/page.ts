import { effectiveStatus } from '../../domain/consent/consent-request';
import { declineRequest, giveConsent, needsDataKey } from '../../domain/consent/seat-consent';
import { firstName } from '../../domain/family/dependent';
import type { Seat } from '../../domain/family/seat';
import { newNotification, type NotificationType } from '../../domain/notifications/notification';
import type { Deps } from '../deps';
import { notifyFamily, type NotifyDeps } from '../notifications/notify';
import { apiEvent } from '../event-sources';
import { findLink, requireLive, type Opened } from '../link-access';
import { enforceRateLimits } from '../rate-limits';
import { once, retryOnConflict } from '../retry-on-conflict';
import { dataKeyChange, makeDataKey, type NewDataKey } from '../seats/data-keys';
import { seatRef } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';

/**
 * The consent page: what the person reads and their answers. The link token is their only
 * credential; each route counts the link's and the IP's budget before the token is looked up; an
 * unknown token is 404, a replaced, expired or revoked one 422 `CONSENT_EXPIRED`.
 */
export type PersonDeps = Pick<Deps, 'families' | 'ids' | 'clock' | 'hasher' | 'settings' | 'rateLimiter'>;
/** The person's answers and stop also tell the family's guardians (`consent.*` notifications). */
export type AnsweringDeps = PersonDeps & NotifyDeps;

/** A consent link's three budgets: reads, decline-and-stop (and accept), evidence. */
type Bucket = 'read' | 'write' | 'evidence';

/** Counts a request against the link's and the IP's budget of its kind, before the token is looked up. */
export const countLinkBudget = (deps: PersonDeps, bucket: Bucket, token: string, ip: string) => {
  const rates = deps.settings.consentRates;
  const perLink = { read: rates.readPerLink, write: rates.writePerLink, evidence: rates.evidencePerLink }[
    bucket
  ];
  const perIp = { read: rates.readPerIp, write: rates.writePerIp, evidence: rates.evidencePerIp }[bucket];
  return enforceRateLimits(deps.rateLimiter, [
    { rule: `consent_${bucket}_link`, identifier: token, limit: perLink },
    { rule: `consent_${bucket}_ip`, identifier: ip, limit: perIp },
  ]);
};

/** The phrase the person reads aloud: their first name makes each recording theirs. */
export const phraseFor = (personFirstName: string): string =>
  `Eu, ${personFirstName}, aceito a proteção da minha família no meu celular.`;

/** What the consent page shows: who asks (a first name only), the tie, the phrase, the state. */
export const pageView = ({ seat }: Opened, now: Date) => {
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

/** `GET /consent-requests/{token}`: the page of a live link. */
export const readConsentPage = async (deps: PersonDeps, token: string, ip: string) => {
  await countLinkBudget(deps, 'read', token, ip);
  const now = deps.clock.now();
  return pageView(requireLive(await findLink(deps, token), now), now);
};

/**
 * One of the person's answers on a live link: the budget counted once, then the change decided on
 * the seat as read (and again on a fresh read when a concurrent command moved it); `after` runs
 * once the change is written.
 */
export const answerOnLink = async (
  deps: PersonDeps,
  token: string,
  ip: string,
  decide: (opened: Opened, now: Date) => Promise<{ saved: Seat; after?: () => Promise<void> }>,
) => {
  await countLinkBudget(deps, 'write', token, ip);
  const { opened, saved, now, after } = await retryOnConflict(async () => {
    const now = deps.clock.now();
    const opened = requireLive(await findLink(deps, token), now);
    return { opened, now, ...(await decide(opened, now)) };
  });
  await after?.();
  return pageView({ ...opened, seat: saved }, now);
};

/** An answer's change of the seat, with the data key it made (whose wrapped copy is written with it). */
type AnswerChange = (seat: Seat, now: Date) => Promise<{ seat: Seat; made?: NewDataKey }>;

/** An answer that changes the seat's request, writes its event and tells the guardians. */
const saveAnswer =
  (deps: AnsweringDeps, change: AnswerChange, eventType: string, notificationType: NotificationType) =>
  async (opened: Opened, now: Date) => {
    const { seat: changed, made = null } = await change(opened.seat, now);
    const notification = newNotification({
      id: deps.ids.ulid(),
      type: notificationType,
      seatUid: changed.uid,
      now,
    });
    const saved = await notifyFamily(deps, opened.family, [notification], (inbox) =>
      deps.families.saveSeat(
        changed,
        [
          apiEvent(deps, { type: eventType, accountId: changed.accountUid, seat: seatRef(changed) }),
          ...stateChangeEvents(deps, opened.seat, changed),
        ],
        { notifications: inbox, ...dataKeyChange(opened.seat, changed, made) },
      ),
    );
    return { saved };
  };

/**
 * `POST /consent-requests/{token}/accept`: the person's yes, once their evidence is verified. A yes
 * after the person stopped an active seat's protection gives it a new data key in the same write
 * (made once, however many times the write is retried).
 */
export const acceptConsent = (deps: AnsweringDeps & Pick<Deps, 'seatKeys'>, token: string, ip: string) => {
  const dataKey = once((seatId: string) => makeDataKey(deps, seatId));
  const give: AnswerChange = async (seat, now) => {
    const given = giveConsent(seat, now);
    if (!needsDataKey(given)) return { seat: given };
    const made = await dataKey(given.seatId);
    return { seat: { ...given, dataKeyId: made.id }, made };
  };
  return answerOnLink(deps, token, ip, saveAnswer(deps, give, 'consent.given', 'consent.given'));
};

/** `POST /consent-requests/{token}/decline`: no reason is ever asked; resend waits. */
export const declineConsent = (deps: AnsweringDeps, token: string, ip: string) =>
  answerOnLink(
    deps,
    token,
    ip,
    saveAnswer(
      deps,
      async (seat, now) => ({ seat: declineRequest(seat, now, deps.settings.consent) }),
      'consent.declined',
      'consent.declined',
    ),
  );
