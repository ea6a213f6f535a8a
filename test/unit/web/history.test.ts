import { describe, expect, it } from 'vitest';
import { historyAfter } from '../../../web/consent-page/src/history-shown';

const event = (type: string, payload: Record<string, unknown>) => ({ type, payload });

describe("the consent page's history reads, from the person's stream", () => {
  it('follows the warm-up phase by phase and shows a later offer with its expiry', () => {
    let shown = historyAfter(null, event('analysis.warmup', { phase: 'queued' }));
    expect(shown).toEqual({ kind: 'warmup', phase: 'queued' });
    shown = historyAfter(shown, event('analysis.warmup', { phase: 'finished', messages: 4, findings: 1 }));
    expect(shown).toEqual({ kind: 'warmup', phase: 'finished' });
    shown = historyAfter(shown, event('history.offered', { offerExpiresAt: '2026-11-24T10:10:00.000Z' }));
    expect(shown).toEqual({ kind: 'offer', expiresAt: '2026-11-24T10:10:00.000Z' });
  });

  it('changes nothing for other events or unknown payloads', () => {
    const shown = { kind: 'warmup', phase: 'started' } as const;
    expect(historyAfter(shown, event('pairing.paired', {}))).toBe(shown);
    expect(historyAfter(shown, event('analysis.warmup', { phase: 'later' }))).toBe(shown);
    expect(historyAfter(null, event('history.offered', {}))).toBeNull();
  });
});
