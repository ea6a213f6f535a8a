import { deriveProtection } from '../../domain/consent/protection';
import { effectiveStatus } from '../../domain/consent/consent-request';
import {
  declineConsent,
  giveConsent,
  recordEvidence,
  stopByDependent,
} from '../../domain/consent/seat-consent';
import { sniffAudio, sniffSelfie } from '../../domain/consent/evidence';
import { judgePhrase } from '../../domain/consent/phrase-match';
import { UnreadableEvidence } from '../../ports/evidence';
import { fail, ServiceError } from '../../domain/errors';
import { seatOf, type Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import type { Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { enforceRateLimits } from '../rate-limits';
import { seatRef } from '../seats/seats';
import { stateChangeEvents } from '../seats/state-events';
import { endSession, revokePairing } from '../pairing/pairing';
import { retryOnConflict } from '../retry-on-conflict';
import { isLinkToken, linkTokenHash } from './links';

/**
 * The person's side: the link token is the only credential. Each route counts the link's and the
 * IP's budget before the token is looked up; an unknown token is 404, a replaced, expired or
 * revoked one 422 `CONSENT_EXPIRED`.
 */
type PersonDeps = Pick<Deps, 'families' | 'ids' | 'clock' | 'hasher' | 'settings' | 'rateLimiter'>;
type EvidenceDeps = PersonDeps & Pick<Deps, 'faces' | 'speech' | 'evidence'>;

/** The spec's three budgets of a consent link: reads, decline-and-stop (and accept), evidence. */
type Bucket = 'read' | 'write' | 'evidence';

const limit = (deps: PersonDeps, bucket: Bucket, token: string, ip: string) => {
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

/** Live links only: the current request, not expired, not revoked. */
export const requireLive = (opened: Opened, now: Date): Opened => {
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
  await limit(deps, 'read', token, ip);
  const now = deps.clock.now();
  return pageView(requireLive(await findLink(deps, token), now), now);
};

/**
 * One of the person's answers on a live link: the budget counted once, then the change decided on
 * the seat as read (and again on a fresh read when a concurrent command moved it); `after` runs
 * once the change is written.
 */
const answer = async (
  deps: PersonDeps,
  token: string,
  ip: string,
  decide: (opened: Opened, now: Date) => Promise<{ saved: Seat; after?: () => Promise<void> }>,
) => {
  await limit(deps, 'write', token, ip);
  const { opened, saved, now, after } = await retryOnConflict(async () => {
    const now = deps.clock.now();
    const opened = requireLive(await findLink(deps, token), now);
    return { opened, now, ...(await decide(opened, now)) };
  });
  await after?.();
  return pageView({ ...opened, seat: saved }, now);
};

/** An answer that changes the seat's request and writes its event. */
const saveAnswer =
  (deps: PersonDeps, change: (seat: Seat, now: Date) => Seat, eventType: string) =>
  async (opened: Opened, now: Date) => {
    const changed = change(opened.seat, now);
    const saved = await deps.families.saveSeat(changed, [
      apiEvent(deps, { type: eventType, accountId: changed.accountUid, seat: seatRef(changed) }),
      ...stateChangeEvents(deps, opened.seat, changed),
    ]);
    return { saved };
  };

/** `POST /consent-requests/{token}/accept`: the person's yes, once their evidence is verified. */
export const acceptConsent = (deps: PersonDeps, token: string, ip: string) =>
  answer(deps, token, ip, saveAnswer(deps, giveConsent, 'consent.given'));

/** `POST /consent-requests/{token}/decline`: no reason is ever asked; resend waits. */
export const declineConsentLink = (deps: PersonDeps, token: string, ip: string) =>
  answer(
    deps,
    token,
    ip,
    saveAnswer(deps, (seat, now) => declineConsent(seat, now, deps.settings.consent), 'consent.declined'),
  );

/**
 * `POST /consent-requests/{token}/stop`: the person stops protection; the seat key is destroyed and
 * an open pairing is revoked in the same transaction, then its session is ended at the provider.
 * The answer is the page with the request now `revoked`.
 */
export const stopProtection = (deps: PersonDeps & Pick<Deps, 'sessions'>, token: string, ip: string) =>
  answer(deps, token, ip, async (opened, now) => {
    const stopped = stopByDependent(opened.seat, now, deps.settings.consent);
    const revoke = revokePairing(deps, opened.family, stopped, 'stopped_by_dependent');
    const changed = revoke?.seat ?? stopped;
    const saved = await deps.families.saveSeat(
      changed,
      [
        apiEvent(deps, {
          type: 'consent.revoked',
          accountId: changed.accountUid,
          seat: seatRef(changed),
          payload: { by: 'dependent' },
        }),
        ...(revoke?.events.filter((event) => event.type !== 'seat.state_changed') ?? []),
        ...stateChangeEvents(deps, opened.seat, changed),
      ],
      revoke?.extras,
    );
    const ended = revoke === null ? null : opened.seat.pairing;
    return { saved, ...(ended === null ? {} : { after: () => endSession(deps, ended.sessionName) }) };
  });

/**
 * `GET /consent-requests/{token}/protection`: the person's view of their protection, behind a given
 * consent only. A link that a newer given consent replaced says so; any other link without a given
 * consent behind it (never given, declined, expired, or stopped by the person) says that.
 */
export const readPersonProtection = async (deps: PersonDeps, token: string, ip: string) => {
  await limit(deps, 'read', token, ip);
  const now = deps.clock.now();
  const opened = await findLink(deps, token);
  const status = opened.seat.consent === null ? null : effectiveStatus(opened.seat.consent, now);
  if (!opened.current) throw fail(status === 'given' ? 'PROTECTION_LINK_REPLACED' : 'CONSENT_NOT_GIVEN');
  if (status !== 'given') throw fail('CONSENT_NOT_GIVEN');
  const { state, reason, since } = deriveProtection(opened.seat, now);
  // A given consent can always be stopped: the page shows its Stop button.
  return { state, reason, since, canStop: true };
};

/** What the person sends: one selfie and one reading, as their bytes (types are sniffed here). */
export interface EvidenceUpload {
  selfie: Uint8Array;
  audio: Uint8Array;
}

const unreadable = (part: 'selfie' | 'audio', allowed: string) =>
  fail('VALIDATION', undefined, `${part}: must be ${allowed}`);

/**
 * `POST /consent-requests/{token}/evidence`: the evidence budget is counted before the body is
 * read; then one face in the selfie and the phrase in the recording. When verification cannot run,
 * 503 and nothing is stored. Verified evidence is kept encrypted and never shown to guardians.
 */
export const submitEvidence = async (
  deps: EvidenceDeps,
  token: string,
  ip: string,
  readUpload: () => Promise<EvidenceUpload>,
) => {
  await limit(deps, 'evidence', token, ip);
  const now = deps.clock.now();
  const opened = requireLive(await findLink(deps, token), now);
  const consent = opened.seat.consent;
  if (consent !== null && effectiveStatus(consent, now) === 'given') throw fail('CONSENT_ALREADY_GIVEN');
  if (consent === null || effectiveStatus(consent, now) !== 'pending' || opened.seat.dependent === null)
    throw fail('CONSENT_EXPIRED');

  const upload = await readUpload();
  const selfieType = sniffSelfie(upload.selfie);
  const audioType = sniffAudio(upload.audio);
  const problems = [
    ...(selfieType === null ? ['selfie: must be JPEG, PNG or WebP'] : []),
    ...(audioType === null ? ['audio: must be WAV, Ogg/Opus or FLAC'] : []),
  ];
  if (selfieType === null || audioType === null) throw fail('VALIDATION', undefined, problems.join('; '));
  const selfie = { type: selfieType, bytes: upload.selfie };
  const audio = { type: audioType, bytes: upload.audio };

  const phrase = phraseFor(firstName(opened.seat.dependent.name));
  const [faces, heard] = await Promise.all([
    deps.faces.countFaces(selfie),
    deps.speech.listen(audio, phrase),
  ]).catch((error: unknown) => {
    if (error instanceof UnreadableEvidence) {
      throw error.part === 'selfie'
        ? unreadable('selfie', 'a readable JPEG, PNG or WebP image')
        : unreadable('audio', 'a readable recording');
    }
    throw new ServiceError('EVIDENCE_VERIFICATION_UNAVAILABLE', { cause: error });
  });
  if (faces.faces !== 1) throw fail('SELFIE_NO_FACE', { faces: faces.faces, quality: faces.quality });
  const verdict = judgePhrase(phrase, heard);
  if (verdict.outcome === 'unintelligible') throw fail('AUDIO_UNINTELLIGIBLE');
  if (verdict.outcome === 'mismatch') {
    const { expected, heard: said, missing, score } = verdict;
    throw fail('AUDIO_PHRASE_MISMATCH', { expected, heard: said, missing, score });
  }

  await deps.evidence
    .keep({ seatId: opened.seat.seatId, requestId: consent.requestId }, selfie, audio)
    .catch((error: unknown) => {
      throw new ServiceError('EVIDENCE_VERIFICATION_UNAVAILABLE', { cause: error });
    });
  // The checks ran once; a write that finds the seat moved records them on a fresh read of the same
  // request, if it is still waiting for them.
  const saved = await retryOnConflict(async (attempt) => {
    const seat = attempt === 1 ? opened.seat : requireLive(await findLink(deps, token), now).seat;
    if (seat.consent?.requestId !== consent.requestId || effectiveStatus(seat.consent, now) !== 'pending')
      throw fail('CONSENT_EXPIRED');
    const verified = recordEvidence(seat, now);
    return deps.families.saveSeat(verified, [
      apiEvent(deps, {
        type: 'consent.evidence_verified',
        accountId: verified.accountUid,
        seat: seatRef(verified),
      }),
    ]);
  });
  return pageView({ ...opened, seat: saved }, now);
};
