import { describe, expect, it } from 'vitest';
import { broken, runFamilies } from '../load/families';

describe('the load run’s core, small (npm run load runs it with 100 families)', () => {
  it('takes 3 families through sign-up to messages at once: every committed event on every stream once, in commit order; no 5xx', async () => {
    const report = await runFamilies({ families: 3, messages: 5 });
    expect(broken(report)).toEqual([]);
    expect(report.streams).toHaveLength(6);
    expect(report.streams.every((check) => check.received === check.expected && check.expected > 0)).toBe(
      true,
    );
    expect(report.byGroup.map((timing) => timing.name)).toEqual(
      expect.arrayContaining(['auth', 'accounts', 'seats', 'consent', 'evidence', 'pairing', 'alerts']),
    );
  }, 120_000);
});
