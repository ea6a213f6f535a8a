import { describe, expect, it } from 'vitest';
import { silence, wavWith } from '../../../support/audio';
import { ihdr, pngBomb, pngFile } from '../../../support/images';
import { submitEvidence, type EvidenceUpload } from '../../../../shared/app/consent/evidence';
import { linkToken } from '../../../../shared/app/link-access';
import type { Deps } from '../../../../shared/app/deps';
import { requestConsent } from '../../../../shared/domain/consent/seat-consent';
import type { ServiceError } from '../../../../shared/domain/errors';
import type { Family } from '../../../../shared/domain/family/account';
import { newSeat, type Seat } from '../../../../shared/domain/family/seat';

const now = new Date('2026-11-22T10:00:00Z');
const hasher = {
  digest: (purpose: string, value: string) =>
    `${purpose}:${value}`
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .padEnd(43, 'x')
      .slice(0, 43),
};
const seat: Seat = requestConsent(
  {
    ...newSeat({
      uid: 'st_x',
      seatId: 'SEAT1',
      accountUid: 'acc_x',
      price: { amount: 1, currency: 'BRL' },
      now,
    }),
    dependent: {
      kind: 'minor',
      name: 'Bia Souza',
      birthDate: '2014-03-02',
      relationship: 'child',
      phone: '+5511987654321',
      document: { type: 'cpf', number: '52998224725' },
    },
  },
  { requestId: 'R1', now, requesterFirstName: 'Ana' },
  { linkTtlSeconds: 3600, resendWaitSeconds: 60 },
).seat;
const token = linkToken({ hasher }, 'R1');
const png = pngFile(ihdr(640, 480));
const wav = silence(1);

const world = (overrides: Partial<Pick<Deps, 'faces' | 'speech' | 'rateLimiter'>> = {}) => {
  const kept: string[] = [];
  const saved: Seat[] = [];
  const family: Family = {
    account: { uid: 'acc_x', name: 'S', createdAt: '', version: 0 },
    members: [],
    seats: [seat],
    subscription: null,
  };
  const deps = {
    clock: { now: () => now },
    ids: { ulid: () => '01E', uid: () => 'u', randomPart: () => 'r' },
    hasher,
    settings: {
      consent: { linkTtlSeconds: 3600, resendWaitSeconds: 60, pageBaseUrl: 'http://web' },
      consentRates: Object.fromEntries(
        ['readPerLink', 'readPerIp', 'writePerLink', 'writePerIp', 'evidencePerLink', 'evidencePerIp'].map(
          (k) => [k, { limit: 10, windowSeconds: 60 }],
        ),
      ),
    },
    rateLimiter: { hit: async () => ({ allowed: true as const }) },
    families: {
      findConsentLink: async () => ({ accountUid: 'acc_x', seatUid: 'st_x', requestId: 'R1' }),
      load: async () => family,
      saveSeat: async (next: Seat) => (saved.push(next), next),
    },
    faces: { countFaces: async () => ({ faces: 1, quality: 0.9 }) },
    speech: { listen: async (_: unknown, phrase: string) => phrase },
    evidence: { keep: async () => void kept.push('kept') },
    ...overrides,
  } as unknown as Parameters<typeof submitEvidence>[0];
  return { deps, kept, saved };
};

const run = (
  deps: Parameters<typeof submitEvidence>[0],
  readUpload: () => Promise<EvidenceUpload> = async () => ({ selfie: png, audio: wav }),
) => submitEvidence(deps, token, '1.1.1.1', readUpload).catch((error: ServiceError) => error);

describe('submitting evidence', () => {
  it('keeps verified evidence, then records it on the request', async () => {
    const { deps, kept, saved } = world();
    const answer = await run(deps);
    expect(answer).toMatchObject({ evidenceVerified: true });
    expect(kept).toEqual(['kept']);
    expect(saved[0]?.consent?.evidenceVerifiedAt).toBe(now.toISOString());
  });

  it('answers 503 EVIDENCE_VERIFICATION_UNAVAILABLE and stores nothing when a check cannot run', async () => {
    const { deps, kept, saved } = world({
      faces: { countFaces: async () => Promise.reject(new Error('service down')) },
    });
    const answer = (await run(deps)) as ServiceError;
    expect([answer.code, answer.status]).toEqual(['EVIDENCE_VERIFICATION_UNAVAILABLE', 503]);
    expect(kept).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('answers AUDIO_PHRASE_MISMATCH with what was expected, heard and missing, and the score', async () => {
    const { deps } = world({ speech: { listen: async () => 'eu bia aceito' } });
    const answer = (await run(deps)) as ServiceError;
    expect(answer.code).toBe('AUDIO_PHRASE_MISMATCH');
    expect(answer.details).toMatchObject({
      expected: 'Eu, Bia, aceito a proteção da minha família no meu celular.',
      heard: 'eu bia aceito',
      missing: ['a', 'protecao', 'da', 'minha', 'familia', 'no', 'meu', 'celular'],
      score: 0.27,
    });
  });

  it('counts the budget before the body is read: a limited request never reads it', async () => {
    let read = false;
    const { deps } = world({
      rateLimiter: { hit: async () => ({ allowed: false as const, retryAfterSeconds: 30 }) },
    });
    const answer = (await run(
      deps,
      async () => ((read = true), { selfie: png, audio: wav }),
    )) as ServiceError;
    expect(answer.code).toBe('RATE_LIMITED');
    expect(read).toBe(false);
  });

  it('refuses a selfie whose header declares more than a phone photo before any check starts', async () => {
    const started: string[] = [];
    const { deps, kept } = world({
      faces: { countFaces: async () => (started.push('faces'), { faces: 1, quality: 0.9 }) },
      speech: { listen: async (_: unknown, phrase: string) => (started.push('speech'), phrase) },
    });
    const answer = (await run(deps, async () => ({ selfie: pngBomb(), audio: wav }))) as ServiceError;
    expect([answer.code, answer.status]).toEqual(['VALIDATION', 400]);
    expect(started).toEqual([]);
    expect(kept).toEqual([]);
  });

  it('refuses a WAV whose header declares no channel, or more than a minute, before any check starts', async () => {
    const started: string[] = [];
    const { deps, kept } = world({
      faces: { countFaces: async () => (started.push('faces'), { faces: 1, quality: 0.9 }) },
      speech: { listen: async (_: unknown, phrase: string) => (started.push('speech'), phrase) },
    });
    for (const audio of [
      wavWith({ channels: 0, dataBytes: 16 }),
      wavWith({ sampleRate: 8_000, bitsPerSample: 8, dataBytes: 61 * 8_000 }),
    ]) {
      const answer = (await run(deps, async () => ({ selfie: png, audio }))) as ServiceError;
      expect([answer.code, answer.status, answer.message]).toEqual([
        'VALIDATION',
        400,
        'audio: must be a readable recording of at most 60 s',
      ]);
    }
    expect(started).toEqual([]);
    expect(kept).toEqual([]);
  });
});
