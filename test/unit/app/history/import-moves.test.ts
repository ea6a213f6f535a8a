import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../../shared/domain/family/seat';
import {
  importTable,
  moveImport,
  newImport,
  type HistoryImport,
  type ImportStatus,
} from '../../../../shared/domain/history/history-import';
import { planImportMove } from '../../../../shared/app/history/import-moves';
import { fakeClock } from '../../../support/fakes/clock';
import { fakeIds } from '../../../support/fakes/ids';
import { protectedSeatAt } from '../../../support/seat-states';

const now = new Date('2026-11-24T10:00:00Z');
const deps = {
  ids: fakeIds(),
  clock: fakeClock(now),
};
const importOf = (status: ImportStatus, first = false): HistoryImport => ({
  ...newImport({ importId: '01IMPORT', first, now }),
  status,
});
const seatWith = (historyImport: HistoryImport): Seat => ({
  ...protectedSeatAt(now, 'paired'),
  historyImport,
});

describe("an import move's events and who sees them", () => {
  it("sends history.offered to the person's stream too, with its expiry only", () => {
    const move = moveImport(importOf('waiting'), 'offer', now, { slot: 1, offerTtlSeconds: 600 });
    const plan = planImportMove(deps, seatWith(importOf('waiting')), move!, 'api');
    const offered = plan.events.find((event) => event.type === 'history.offered');
    expect(offered?.audience).toBeUndefined();
    expect(offered?.payload).toEqual({ offerExpiresAt: '2026-11-24T10:10:00.000Z' });
  });

  it('keeps every other history.* event for guardians', () => {
    for (const row of importTable.filter((one) => one.event !== null && one.event !== 'history.offered')) {
      const from = importOf(row.from ?? 'done');
      const move = moveImport(from, row.on, now, {
        slot: 1,
        offerTtlSeconds: 600,
        joining: importOf('waiting'),
      });
      expect(move, `${row.on} from ${String(row.from)}`).not.toBeNull();
      const event = planImportMove(deps, seatWith(from), move!, 'api').events.find(
        (one) => one.type === row.event,
      );
      expect(event?.audience, `${row.on} from ${String(row.from)}`).toBe('guardians');
    }
  });
});
