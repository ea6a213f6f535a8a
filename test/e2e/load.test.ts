import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { broken, runFamilies } from '../load/families';
import { freeProxySlots } from './support/pairing';

const families = 3;

describe('the load run’s core, small (npm run load runs it with 100 families)', () => {
  it('takes 3 families through sign-up to messages at once: every committed event on every stream once, in commit order; no 5xx', async () => {
    // The tier's pool is small: a test that fills it has its QR pairings end within 160 s (six QRs).
    await eventually(
      freeProxySlots,
      (free) => free === null || free >= families,
      `${families} free proxy slots`,
      {
        deadlineMs: 170_000,
        everyMs: 1_000,
      },
    );
    const report = await runFamilies({ families, messages: 5 });
    expect(broken(report)).toEqual([]);
    expect(report.streams).toHaveLength(2 * families);
    expect(report.streams.every((check) => check.received === check.expected && check.expected > 0)).toBe(
      true,
    );
    expect(report.byGroup.map((timing) => timing.name)).toEqual(
      expect.arrayContaining(['auth', 'accounts', 'seats', 'consent', 'evidence', 'pairing', 'alerts']),
    );
  }, 300_000);
});
