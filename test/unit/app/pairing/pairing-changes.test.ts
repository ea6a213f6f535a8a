import { describe, expect, it } from 'vitest';
import { useCaseSettingsFrom } from '../../../../functions/composition/settings';
import { parseConfig } from '../../../../shared/config/config';
import type { Family } from '../../../../shared/domain/family/account';
import type { Seat } from '../../../../shared/domain/family/seat';
import {
  newImport,
  type HistoryImport,
  type ImportStatus,
} from '../../../../shared/domain/history/history-import';
import { movePairing } from '../../../../shared/domain/pairing/pairing';
import type { PairingTrigger } from '../../../../shared/domain/pairing/pairing.transitions';
import { planPairingChange } from '../../../../shared/app/pairing/pairing-changes';
import { fakeClock } from '../../../support/fakes/clock';
import { fakeIds } from '../../../support/fakes/ids';
import { protectedSeatAt } from '../../../support/seat-states';

const now = new Date('2026-11-24T10:00:00Z');
const deps = {
  ids: fakeIds(),
  clock: fakeClock(now),
  settings: useCaseSettingsFrom(parseConfig({ TABLE_NAME: 't' })),
};

const importOf = (status: ImportStatus): HistoryImport => ({
  ...newImport({ importId: '01IMPORT', first: true, now }),
  status,
  slot: status === 'running' || status === 'offered' ? 3 : null,
});

/** The plan of a pairing change `on` for a paired seat whose import is `status`. */
const endedWith = (status: ImportStatus, on: PairingTrigger) => {
  const seat: Seat = { ...protectedSeatAt(now, 'paired'), historyImport: importOf(status) };
  if (seat.pairing === null) throw new Error('no pairing');
  const move = movePairing(seat.pairing, on, now, { revokedBecause: 'unlinked_by_guardian' });
  if (move === null) throw new Error(`no ${on} move`);
  return planPairingChange(deps, 'api', {} as Family, seat, [move]);
};

describe('an import ends with its pairing', () => {
  it('a running import whose pairing the family ended is cancelled at once, its slot freed for the queue', () => {
    const plan = endedWith('running', 'revoked');
    expect(plan.seat.historyImport).toMatchObject({
      status: 'cancelled',
      slot: null,
      finishedAt: now.toISOString(),
    });
    expect(plan.extras.history).toEqual({ freeSlot: { slot: 3, importId: '01IMPORT' } });
    expect(plan.historyMoved).toBe(true);
    // The warm-up is over: the protection no longer waits for it.
    expect(plan.events.map((event) => event.type)).toContain('seat.state_changed');
  });

  it('a running import whose pairing the provider ended (the device unlinked) is failed, with history.failed', () => {
    const plan = endedWith('running', 'device_unlinked');
    expect(plan.seat.historyImport?.status).toBe('failed');
    expect(plan.extras.history).toEqual({ freeSlot: { slot: 3, importId: '01IMPORT' } });
    expect(plan.events.map((event) => event.type)).toContain('history.failed');
  });

  it('a waiting import leaves the queue; an offered one gives its slot back', () => {
    const waiting = endedWith('waiting', 'revoked');
    expect(waiting.seat.historyImport?.status).toBe('cancelled');
    expect(waiting.extras.history).toEqual({
      leave: { seatUid: 'st_x', importId: '01IMPORT', queuedAt: now.toISOString() },
    });
    const offered = endedWith('offered', 'device_unlinked');
    expect(offered.seat.historyImport?.status).toBe('failed');
    expect(offered.extras.history).toEqual({ freeSlot: { slot: 3, importId: '01IMPORT' } });
  });

  it('a drop (the pairing still open) and an import already over change nothing', () => {
    const dropped = endedWith('running', 'connection_dropped');
    expect(dropped.seat.historyImport?.status).toBe('running');
    expect(dropped.extras.history).toBeUndefined();
    expect(dropped.historyMoved).toBe(false);
    const done = endedWith('done', 'revoked');
    expect(done.seat.historyImport?.status).toBe('done');
    expect(done.extras.history).toBeUndefined();
  });
});
