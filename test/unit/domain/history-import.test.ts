import { describe, expect, it } from 'vitest';
import { deriveProtection, personProtection } from '../../../shared/domain/consent/protection';
import type { Seat } from '../../../shared/domain/family/seat';
import { acceptMove, cancelMove, requestImport } from '../../../shared/domain/history/seat-imports';
import {
  importEta,
  importTable,
  moveImport,
  newImport,
  queueChangeOf,
  type HistoryImport,
  type ImportStatus,
} from '../../../shared/domain/history/history-import';
import { protectedSeatAt } from '../../support/seat-states';

const now = new Date('2026-11-24T10:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

const importOf = (status: ImportStatus, fields: Partial<HistoryImport> = {}): HistoryImport => ({
  ...newImport({ importId: '01IMPORT', first: false, now }),
  status,
  ...fields,
});

const seatWith = (historyImport: HistoryImport | null, pairing: 'paired' | 'degraded' = 'paired'): Seat => ({
  ...protectedSeatAt(now, pairing),
  historyImport,
});

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('the import table', () => {
  it('frees every slot it takes: each move out of offered or running gives it back', () => {
    for (const row of importTable) {
      const heldBefore = row.from === 'offered' || row.from === 'running';
      const heldAfter = row.to === 'offered' || row.to === 'running';
      if (heldBefore && !heldAfter) expect(row.slot).toBe('free');
      if (!heldBefore && heldAfter) expect(row.slot).toBe('take');
      if (heldBefore === heldAfter) expect(row.slot).toBeNull();
    }
  });

  it('takes a slot only by leaving the queue, and joins it only from outside', () => {
    for (const row of importTable) {
      if (row.slot === 'take') expect(row.queue).toBe('leave');
      if (row.to === 'waiting') expect(row.queue).toBe('join');
    }
  });

  it('a first import starts by itself; a later one is offered, with its expiry', () => {
    const first = moveImport(importOf('waiting', { first: true }), 'start', now, { slot: 2 });
    expect(first?.after).toMatchObject({
      status: 'running',
      slot: 2,
      step: 'chats',
      startedAt: now.toISOString(),
    });
    const later = moveImport(importOf('waiting'), 'offer', now, { slot: 3, offerTtlSeconds: 600 });
    expect(later?.after).toMatchObject({
      status: 'offered',
      slot: 3,
      offerExpiresAt: '2026-11-24T10:10:00.000Z',
    });
    expect(queueChangeOf('st_x', later!)).toEqual({
      leave: { seatUid: 'st_x', importId: '01IMPORT', queuedAt: now.toISOString() },
      takeSlot: { slot: 3, importId: '01IMPORT', seatUid: 'st_x' },
    });
  });

  it('a lapsed offer goes back to the end of the queue, its slot freed', () => {
    const move = moveImport(
      importOf('offered', { slot: 1, offerExpiresAt: now.toISOString() }),
      'lapse',
      later(5),
    );
    expect(move?.after).toMatchObject({
      status: 'waiting',
      slot: null,
      offerLapsed: true,
      queuedAt: later(5).toISOString(),
    });
    expect(queueChangeOf('st_x', move!)).toEqual({
      join: { seatUid: 'st_x', importId: '01IMPORT', queuedAt: later(5).toISOString() },
      freeSlot: { slot: 1, importId: '01IMPORT' },
    });
  });

  it('a move the table has no row for changes nothing (a late or doubled command)', () => {
    expect(moveImport(importOf('done'), 'lapse', now)).toBeNull();
    expect(moveImport(importOf('waiting'), 'finish', now)).toBeNull();
    expect(moveImport(importOf('running'), 'stick', now)?.after.status).toBe('stuck');
    expect(moveImport(importOf('stuck'), 'stick', now)).toBeNull();
  });
});

describe('the routes’ checks, in the contract’s order', () => {
  it('409 for a seat its person stopped comes before a seat without key', () => {
    const stopped = seatWith(null);
    const seat: Seat = {
      ...stopped,
      dataKeyId: null,
      consent:
        stopped.consent === null ? null : { ...stopped.consent, status: 'revoked', revokedBy: 'dependent' },
    };
    expect(codeOf(() => requestImport(seat, { importId: 'x', now }))).toBe('STOPPED_BY_DEPENDENT');
    expect(codeOf(() => requestImport({ ...seatWith(null), dataKeyId: null }, { importId: 'x', now }))).toBe(
      'SEAT_KEY_GONE',
    );
  });

  it('asking again answers the import in the queue; a running one is ALREADY_ADMITTED', () => {
    expect(requestImport(seatWith(importOf('offered')), { importId: 'x', now })).toEqual({
      existing: importOf('offered'),
    });
    expect(codeOf(() => requestImport(seatWith(importOf('running')), { importId: 'x', now }))).toBe(
      'ALREADY_ADMITTED',
    );
  });

  it('NOTHING_TO_SYNC: not paired, or done and not dropped since', () => {
    expect(codeOf(() => requestImport(seatWith(null, 'degraded'), { importId: 'x', now }))).toBe(
      'NOTHING_TO_SYNC',
    );
    const done = importOf('done', { finishedAt: later(10).toISOString() });
    expect(codeOf(() => requestImport(seatWith(done), { importId: 'x', now: later(20) }))).toBe(
      'NOTHING_TO_SYNC',
    );
    const seat = seatWith(done);
    const dropped: Seat = {
      ...seat,
      pairing: seat.pairing === null ? null : { ...seat.pairing, droppedAt: later(15).toISOString() },
    };
    const asked = requestImport(dropped, { importId: '02IMPORT', now: later(20) });
    expect('move' in asked && asked.move.after).toMatchObject({
      status: 'waiting',
      first: false,
      importId: '02IMPORT',
    });
  });

  it('accepting: NOT_IN_QUEUE, NO_OPEN_OFFER, OFFER_EXPIRED, ALREADY_ADMITTED', () => {
    expect(codeOf(() => acceptMove(seatWith(null), now))).toBe('NOT_IN_QUEUE');
    expect(codeOf(() => acceptMove(seatWith(importOf('cancelled')), now))).toBe('NOT_IN_QUEUE');
    expect(codeOf(() => acceptMove(seatWith(importOf('waiting')), now))).toBe('NO_OPEN_OFFER');
    expect(codeOf(() => acceptMove(seatWith(importOf('waiting', { offerLapsed: true })), now))).toBe(
      'OFFER_EXPIRED',
    );
    expect(codeOf(() => acceptMove(seatWith(importOf('running')), now))).toBe('ALREADY_ADMITTED');
    const offered = importOf('offered', { slot: 1, offerExpiresAt: later(60).toISOString() });
    expect(codeOf(() => acceptMove(seatWith(offered), later(61)))).toBe('OFFER_EXPIRED');
    expect(acceptMove(seatWith(offered), later(30)).after).toMatchObject({ status: 'running', slot: 1 });
  });

  it('leaving the queue: NOT_IN_QUEUE, ALREADY_ADMITTED; an offer’s slot is freed', () => {
    expect(codeOf(() => cancelMove(seatWith(importOf('done')), now))).toBe('NOT_IN_QUEUE');
    expect(codeOf(() => cancelMove(seatWith(importOf('running')), now))).toBe('ALREADY_ADMITTED');
    const move = cancelMove(seatWith(importOf('offered', { slot: 4 })), now);
    expect(queueChangeOf('st_x', move)).toEqual({ freeSlot: { slot: 4, importId: '01IMPORT' } });
  });
});

describe('warming_up in the protection derivation (row 5)', () => {
  const first = (status: ImportStatus, fields: Partial<HistoryImport> = {}) =>
    importOf(status, { first: true, ...fields });

  it('a paired seat whose first import is waiting, offered or running is warming up, since it joined', () => {
    for (const status of ['waiting', 'offered', 'running'] as const) {
      expect(deriveProtection(seatWith(first(status)), now)).toEqual({
        state: 'warming_up',
        reason: null,
        since: now.toISOString(),
        action: null,
      });
    }
  });

  it('a dropped seat warming up says reconnecting', () => {
    expect(deriveProtection(seatWith(first('running'), 'degraded'), now)).toMatchObject({
      state: 'warming_up',
      reason: 'reconnecting',
    });
  });

  it('done or failed ends the warm-up: protecting', () => {
    for (const status of ['done', 'failed'] as const)
      expect(deriveProtection(seatWith(first(status)), now).state).toBe('protecting');
  });

  it('a later import is no warm-up', () => {
    expect(deriveProtection(seatWith(importOf('running')), now).state).toBe('protecting');
  });

  it('an open alert comes first (row 4), but never for the person', () => {
    const seat = seatWith(first('running'));
    const alerted: Seat = {
      ...seat,
      openAlerts: [
        {
          uid: 'al_1',
          seatUid: seat.uid,
          category: 'grooming',
          severity: 'high',
          status: 'open',
          findingsCount: 1,
          firstFindingAt: now.toISOString(),
          lastFindingAt: now.toISOString(),
          createdAt: now.toISOString(),
          decidedAt: null,
          decidedBy: null,
          source: 'history',
          carryingMessages: [],
        },
      ],
    };
    expect(deriveProtection(alerted, now).state).toBe('needs_you');
    expect(personProtection(alerted, now).state).toBe('warming_up');
  });

  it('etaAt only when the progress allows an honest estimate', () => {
    const running = first('running', {
      startedAt: now.toISOString(),
      progress: { chats: 10, chatsDone: 0, messages: 0 },
    });
    expect(importEta(running, later(60))).toBeNull();
    const halfway = { ...running, progress: { chats: 10, chatsDone: 5, messages: 300 } };
    expect(importEta(halfway, later(60))).toBe(later(120).toISOString());
    expect(deriveProtection(seatWith(halfway), later(60)).etaAt).toBe(later(120).toISOString());
    expect(
      importEta({ ...halfway, progress: { chats: 0, chatsDone: 0, messages: 0 } }, later(60)),
    ).toBeNull();
  });
});
