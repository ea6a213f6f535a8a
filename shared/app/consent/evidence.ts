import { effectiveStatus } from '../../domain/consent/consent-request';
import {
  allowedAudio,
  allowedSelfieSize,
  evidenceLimits,
  sniffAudio,
  sniffSelfie,
} from '../../domain/consent/evidence';
import { judgePhrase } from '../../domain/consent/phrase-match';
import { recordEvidence } from '../../domain/consent/seat-consent';
import { fail, ServiceError } from '../../domain/errors';
import { UnreadableEvidence } from '../../ports/evidence';
import type { Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { findLink, requireLive } from '../link-access';
import { retryOnConflict } from '../retry-on-conflict';
import { seatRef } from '../seats/seats';
import { firstName } from '../../domain/family/dependent';
import { countLinkBudget, pageView, phraseFor, type PersonDeps } from './page';

type EvidenceDeps = PersonDeps & Pick<Deps, 'faces' | 'speech' | 'evidence'>;

/** What the person sends: one selfie and one reading, as their bytes (types are sniffed here). */
export interface EvidenceUpload {
  selfie: Uint8Array;
  audio: Uint8Array;
}

const unreadable = (part: 'selfie' | 'audio', allowed: string) =>
  fail('VALIDATION', undefined, `${part}: must be ${allowed}`);
const readableImage = 'a readable JPEG, PNG or WebP image';
const readableRecording = `a readable recording of at most ${evidenceLimits.audioSeconds} s`;

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
  await countLinkBudget(deps, 'evidence', token, ip);
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
  // Sized from their headers before any check starts: a decompression bomb costs nothing, not even
  // a call to the speech service.
  if (allowedSelfieSize(selfieType, upload.selfie) === null) throw unreadable('selfie', readableImage);
  if (!allowedAudio(audioType, upload.audio)) throw unreadable('audio', readableRecording);
  const selfie = { type: selfieType, bytes: upload.selfie };
  const audio = { type: audioType, bytes: upload.audio };

  const phrase = phraseFor(firstName(opened.seat.dependent.name));
  const [faces, heard] = await Promise.all([
    deps.faces.countFaces(selfie),
    deps.speech.listen(audio, phrase),
  ]).catch((error: unknown) => {
    if (error instanceof UnreadableEvidence) {
      throw error.part === 'selfie'
        ? unreadable('selfie', readableImage)
        : unreadable('audio', readableRecording);
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
