import { describe, expect, it } from 'vitest';
import { stopProtection } from '../../../../shared/app/consent/protection';
import {
  acceptHistoryImport,
  acceptPersonHistoryImport,
  cancelHistoryImport,
  getHistoryImport,
  requestHistoryImport,
} from '../../../../shared/app/history/imports';
import type { Caller } from '../../../../shared/app/deps';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aLinkReadyToPair, personIp } from '../../../support/fakes/consent-link';
import {
  aFamily,
  aFinishedWarmUp,
  aGuardian,
  anActiveSeat,
  aPairedSeat,
  aPairing,
  aPendingSeat,
  aSeatWithPairing,
  aStranger,
  aWarmedUpSeat,
  eventTypes,
  storedSeat,
} from '../../../support/fakes/seed';

const HOUR_MS = 3_600_000;

/**
 * A family whose two paired seats' warm-ups hold both slots (`HISTORY_IMPORT_SLOTS` is 2 in the
 * fake world): the next import waits.
 */
const slotsTaken = async (world: FakeWorld) => {
  const family = aFamily(world);
  for (const seat of [
    aPairedSeat(world, family.accountUid, 'sp-1'),
    aPairedSeat(world, family.accountUid, 'sp-1'),
  ])
    await requestHistoryImport(world.deps, family.owner, seat.uid);
  return family;
};

/** The seat's import offered to its family (a later import, a slot free). */
const offered = async (world: FakeWorld) => {
  const family = aFamily(world);
  const seat = aWarmedUpSeat(world, family.accountUid);
  await requestHistoryImport(world.deps, family.owner, seat.uid);
  return { ...family, seat };
};

describe('getHistoryImport', () => {
  it("answers the seat's latest import, with its place in the queue while it waits", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = await slotsTaken(world);
    const seat = aWarmedUpSeat(world, accountUid);
    await requestHistoryImport(world.deps, owner, seat.uid);
    await expect(getHistoryImport(world.deps, aGuardian(world, accountUid), seat.uid)).resolves.toMatchObject(
      {
        seatUid: seat.uid,
        status: 'waiting',
        first: false,
        position: 1,
        step: null,
        queuedAt: world.deps.clock.now().toISOString(),
      },
    );
  });

  it('answers 404 when the seat never had one, and for another family', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    await expect(getHistoryImport(world.deps, owner, seat.uid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const warmedUp = aWarmedUpSeat(world, accountUid);
    await expect(getHistoryImport(world.deps, aStranger(world), warmedUp.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('requestHistoryImport', () => {
  it("joins the queue (201) and starts the seat's warm-up at once on a free slot, handed to the worker", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    const { created, view } = await requestHistoryImport(world.deps, owner, seat.uid);
    expect(created).toBe(true);
    expect(view).toMatchObject({ status: 'running', first: true, position: null, step: 'chats' });
    const importId = storedSeat(world, seat)?.historyImport?.importId;
    expect(world.deps.historyWork.sent).toEqual([
      { job: { seatUid: seat.uid, importId }, delaySeconds: null },
    ]);
    const due = new Date(world.deps.clock.now().getTime() + 900_000);
    expect(world.deps.historyStuckChecks.pending).toEqual([
      { payload: { seatUid: seat.uid, importId, at: due.toISOString() }, at: due },
    ]);
    expect(eventTypes(world)).toEqual(
      expect.arrayContaining(['history.queued', 'history.started', 'analysis.warmup']),
    );
  });

  it('offers a later import when a slot is free: its lapse scheduled, guardians told', async () => {
    const world = fakeWorld();
    const { owner, seat } = await offered(world);
    const expiry = new Date(world.deps.clock.now().getTime() + HOUR_MS);
    await expect(getHistoryImport(world.deps, owner, seat.uid)).resolves.toMatchObject({
      status: 'offered',
      first: false,
      offerExpiresAt: expiry.toISOString(),
    });
    expect(world.deps.historyOffers.pending).toMatchObject([{ at: expiry }]);
    expect(world.table.inbox.get(owner.userUid)?.map((entry) => entry.type)).toEqual(['history.offered']);
    expect(world.deps.historyWork.sent).toEqual([]);
  });

  it('answers 200 with the import already in the queue', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = await slotsTaken(world);
    const seat = aWarmedUpSeat(world, accountUid);
    const first = await requestHistoryImport(world.deps, owner, seat.uid);
    const again = await requestHistoryImport(world.deps, owner, seat.uid);
    expect(again).toEqual({ created: false, view: first.view });
  });

  it('answers 422 SEAT_KEY_GONE, ALREADY_ADMITTED and NOTHING_TO_SYNC', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const request = (seatUid: string) => requestHistoryImport(world.deps, owner, seatUid);
    await expect(request(aPendingSeat(world, accountUid).uid)).rejects.toMatchObject({
      code: 'SEAT_KEY_GONE',
    });
    const running = aPairedSeat(world, accountUid, 'sp-1');
    await request(running.uid);
    await expect(request(running.uid)).rejects.toMatchObject({ code: 'ALREADY_ADMITTED' });
    const linking = aSeatWithPairing(world, accountUid, { status: 'challenge' });
    await expect(request(linking.uid)).rejects.toMatchObject({ code: 'NOTHING_TO_SYNC' });
    await expect(request(anActiveSeat(world, accountUid).uid)).rejects.toMatchObject({
      code: 'NOTHING_TO_SYNC',
    });
  });

  it('answers 409 STOPPED_BY_DEPENDENT first after the person stopped', async () => {
    const world = fakeWorld();
    const { owner, seat, token } = await aLinkReadyToPair(world);
    await stopProtection(world.deps, token, personIp);
    await expect(requestHistoryImport(world.deps, owner, seat.uid)).rejects.toMatchObject({
      code: 'STOPPED_BY_DEPENDENT',
    });
  });
});

describe('acceptHistoryImport', () => {
  it('runs the offered import: started, its progress check scheduled, handed to the worker', async () => {
    const world = fakeWorld();
    const { accountUid, seat } = await offered(world);
    const guardian: Caller = aGuardian(world, accountUid);
    await expect(acceptHistoryImport(world.deps, guardian, seat.uid)).resolves.toMatchObject({
      status: 'running',
      offerExpiresAt: null,
      startedAt: world.deps.clock.now().toISOString(),
    });
    const importId = storedSeat(world, seat)?.historyImport?.importId;
    expect(world.deps.historyWork.sent.map((sent) => sent.job)).toEqual([{ seatUid: seat.uid, importId }]);
    expect(world.deps.historyStuckChecks.pending).toHaveLength(1);
    expect(eventTypes(world)).toContain('history.started');
  });

  it('answers 422 OFFER_EXPIRED once the offer is past, ALREADY_ADMITTED once running', async () => {
    const world = fakeWorld();
    const { owner, seat } = await offered(world);
    world.deps.clock.advance(HOUR_MS);
    await expect(acceptHistoryImport(world.deps, owner, seat.uid)).rejects.toMatchObject({
      code: 'OFFER_EXPIRED',
    });
    const other = await offered(world);
    await acceptHistoryImport(world.deps, other.owner, other.seat.uid);
    await expect(acceptHistoryImport(world.deps, other.owner, other.seat.uid)).rejects.toMatchObject({
      code: 'ALREADY_ADMITTED',
    });
  });

  it('answers 422 NO_OPEN_OFFER while the import waits, NOT_IN_QUEUE without one', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = await slotsTaken(world);
    const waiting = aWarmedUpSeat(world, accountUid);
    await requestHistoryImport(world.deps, owner, waiting.uid);
    await expect(acceptHistoryImport(world.deps, owner, waiting.uid)).rejects.toMatchObject({
      code: 'NO_OPEN_OFFER',
    });
    const done = aWarmedUpSeat(world, accountUid);
    await expect(acceptHistoryImport(world.deps, owner, done.uid)).rejects.toMatchObject({
      code: 'NOT_IN_QUEUE',
    });
  });
});

describe('acceptPersonHistoryImport', () => {
  it('lets the person accept the offer on their page', async () => {
    const world = fakeWorld();
    const { owner, seat, token } = await aLinkReadyToPair(world);
    const stored = storedSeat(world, seat);
    if (stored === undefined) throw new Error('no seat');
    const pairedAt = world.deps.clock.now().toISOString();
    Object.assign(stored, {
      pairing: aPairing(world, { status: 'paired', pairedAt }),
      historyImport: aFinishedWarmUp(world),
    });
    await requestHistoryImport(world.deps, owner, seat.uid);
    await expect(acceptPersonHistoryImport(world.deps, token, personIp)).resolves.toMatchObject({
      status: 'running',
    });
  });

  it("applies the pairing start's budget: 10 per link in 10 minutes, counted before the token is looked up", async () => {
    const world = fakeWorld();
    const unknown = 'x'.repeat(43);
    for (let accept = 0; accept < 10; accept += 1)
      await expect(acceptPersonHistoryImport(world.deps, unknown, personIp)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    await expect(acceptPersonHistoryImport(world.deps, unknown, personIp)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});

describe('cancelHistoryImport', () => {
  it('takes a waiting import out of the queue: cancelled, the one behind it moving up', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = await slotsTaken(world);
    const [first, second] = [aWarmedUpSeat(world, accountUid), aWarmedUpSeat(world, accountUid)];
    await requestHistoryImport(world.deps, owner, first.uid);
    await requestHistoryImport(world.deps, owner, second.uid);
    await expect(getHistoryImport(world.deps, owner, second.uid)).resolves.toMatchObject({ position: 2 });
    await cancelHistoryImport(world.deps, owner, first.uid);
    expect(storedSeat(world, first)?.historyImport?.status).toBe('cancelled');
    await expect(getHistoryImport(world.deps, owner, second.uid)).resolves.toMatchObject({ position: 1 });
  });

  it("gives an offer's slot to the head of the queue", async () => {
    const world = fakeWorld();
    const { accountUid, owner, seat } = await offered(world);
    const running = aPairedSeat(world, accountUid, 'sp-1');
    await requestHistoryImport(world.deps, owner, running.uid);
    const waiting = aWarmedUpSeat(world, accountUid);
    await requestHistoryImport(world.deps, owner, waiting.uid);
    await cancelHistoryImport(world.deps, owner, seat.uid);
    expect(storedSeat(world, seat)?.historyImport).toMatchObject({ status: 'cancelled', slot: null });
    expect(storedSeat(world, waiting)?.historyImport).toMatchObject({ status: 'offered', slot: 1 });
  });

  it('answers 422 ALREADY_ADMITTED once running, NOT_IN_QUEUE without an import in it', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const running = aPairedSeat(world, accountUid, 'sp-1');
    await requestHistoryImport(world.deps, owner, running.uid);
    await expect(cancelHistoryImport(world.deps, owner, running.uid)).rejects.toMatchObject({
      code: 'ALREADY_ADMITTED',
    });
    const done = aWarmedUpSeat(world, accountUid);
    await expect(cancelHistoryImport(world.deps, owner, done.uid)).rejects.toMatchObject({
      code: 'NOT_IN_QUEUE',
    });
  });
});
