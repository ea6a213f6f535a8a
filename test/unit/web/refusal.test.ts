import { describe, expect, it } from 'vitest';
import { responses as consent } from '../../../functions/api/consent/responses';
import { responses as evidence } from '../../../functions/api/evidence/responses';
import { responses as history } from '../../../functions/api/history/responses';
import { responses as pairing } from '../../../functions/api/pairing/responses';
import type { RouteError } from '../../../functions/api/contract';
import { refusalText } from '../../../web/consent-page/src/refusal';
import { en } from '../../../web/consent-page/src/words/en';
import { ptBR } from '../../../web/consent-page/src/words/pt-BR';
import { wordsFor } from '../../../web/consent-page/src/words';

/** Every code the person's routes answer (the route table's own lists), and the page's own. */
const personOperations = [
  ...Object.values(consent),
  evidence.submitEvidence,
  pairing.startPersonPairing,
  pairing.readPersonPairing,
  pairing.answerPersonPasskey,
  history.acceptPersonHistoryImport,
];
const codes = [
  ...new Set([
    ...personOperations.flatMap((operation) =>
      (operation.errors as readonly RouteError[]).map((error) =>
        typeof error === 'string' ? error : error.code,
      ),
    ),
    'VALIDATION',
    'TOO_LARGE',
    'OFFLINE',
  ]),
];
const refusal = (code: string, details: Record<string, unknown> = {}) => ({
  code,
  details,
  retryAfterSeconds: null,
});

describe("the consent page's refusals", () => {
  it.each([ptBR, en])(
    'says every refusal of the person’s routes in its own words, never the code (%#)',
    (words) => {
      expect(codes.length).toBeGreaterThan(20);
      for (const code of codes) {
        const text = refusalText(words, refusal(code));
        expect([code, text]).not.toEqual([code, words.errors.other]);
        expect(text).not.toContain(code);
      }
    },
  );

  it('counts the faces, names the missing words and says when to retry', () => {
    expect(refusalText(ptBR, refusal('SELFIE_NO_FACE', { faces: 2 }))).toContain('2 rostos');
    expect(refusalText(en, refusal('AUDIO_PHRASE_MISMATCH', { missing: ['aceito', 'família'] }))).toContain(
      'aceito, família',
    );
    expect(refusalText(ptBR, refusal('RATE_LIMITED', { retryAfterSeconds: 90 }))).toContain('90 segundos');
    expect(refusalText(en, { ...refusal('RATE_LIMITED'), retryAfterSeconds: 600 })).toContain('10 minutes');
  });

  it('speaks Portuguese unless the browser prefers English', () => {
    expect(wordsFor(['en-US', 'pt-BR']).lang).toBe('en');
    expect(wordsFor(['pt-BR', 'en']).lang).toBe('pt-BR');
    expect(wordsFor(['fr-FR', 'de']).lang).toBe('pt-BR');
    expect(wordsFor(['fr-FR', 'en-GB']).lang).toBe('en');
  });
});
