import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import type { Settings } from '../../shared/app/deps';
import { endPause, pauseSeat, resumeSeat } from '../../shared/app/seats/pause';
import { ServiceError } from '../../shared/domain/errors';
import type { PauseEnd } from '../../shared/domain/family/pause';
import type { Seat } from '../../shared/domain/family/seat';
import type { PauseResumeScheduler } from '../../shared/ports/scheduler';
import { protectedSeat } from '../support/seats';
import { freshTable } from '../support/table';

let table: TableAccess;
const ids = cryptoIds();
const seatKeys = localSeatKeys(Buffer.alloc(32, 7).toString('base64'));
let clockNow = new Date('2026-11-22T10:00:00Z');
const clock = { now: () => clockNow };
const hours = (n: number) => new Date(clockNow.getTime() + n * 3_600_000);

/** The schedules the use cases make and cancel, kept so the tests fire them when they choose. */
const scheduled: { end: PauseEnd; at: Date }[] = [];
const cancelled: PauseEnd[] = [];
const pauseResumes: PauseResumeScheduler = {
  schedule: async (end, at) => void scheduled.push({ end, at }),
  cancel: async (end) => void cancelled.push(end),
};

const deps = () => ({
  families: dynamoFamilyStore(table),
  ids,
  clock,
  hasher: hmacHasher('integration-hash-key'),
  settings: {
    pauseMaxDays: 30,
    trialDays: 7,
    consent: { pageBaseUrl: 'http://127.0.0.1:3003' },
  } as Settings,
  pauseResumes,
});

beforeAll(async () => {
  table = await freshTable();
});

const family = async (fields: Partial<Seat> = {}) => {
  const seat = await protectedSeat(table, ids, clockNow, seatKeys, fields);
  const loaded = await deps().families.load(seat.accountUid);
  const owner = loaded?.members[0];
  if (owner === undefined) throw new Error('no owner');
  return { seat, caller: { userUid: owner.userUid } };
};

const stored = async (seat: Seat) =>
  (await deps().families.load(seat.accountUid))?.seats.find((one) => one.uid === seat.uid);

const eventsOf = async (seat: Seat) =>
  (
    (
      await table.doc.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': `EVENTS#${seat.accountUid}` },
        }),
      )
    ).Items ?? []
  ).map((item) => ({
    type: item['eventType'] as string,
    payload: item['payload'] as Record<string, unknown>,
  }));

const codeOf = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    return error instanceof ServiceError ? { code: error.code, details: error.details } : String(error);
  }
  return 'no error';
};

const scheduleOf = (seat: Seat) => scheduled.filter((one) => one.end.seatUid === seat.uid).at(-1);

describe('pausing a seat', () => {
  it('pauses it with its event and state change, and schedules its end at `until`', async () => {
    const { seat, caller } = await family();
    const view = await pauseSeat(deps(), caller, seat.uid, hours(2));
    expect(view).toMatchObject({
      status: 'paused',
      pause: { pausedAt: clockNow.toISOString(), until: hours(2).toISOString(), cause: 'guardian' },
    });
    expect(view.pause).not.toHaveProperty('pauseId');
    const pause = (await stored(seat))?.pause;
    expect(scheduleOf(seat)).toEqual({ end: { seatUid: seat.uid, pauseId: pause?.pauseId }, at: hours(2) });
    expect(await eventsOf(seat)).toEqual([
      {
        type: 'seat.paused',
        payload: { cause: 'guardian', pausedAt: clockNow.toISOString(), until: hours(2).toISOString() },
      },
      {
        type: 'seat.state_changed',
        payload: expect.objectContaining({
          state: 'paused',
          reason: 'paused_by_guardian',
          action: 'resume_pause',
        }),
      },
    ]);
  });

  it('answers the codes in order: already paused, until past, too long, not paused', async () => {
    const { seat, caller } = await family();
    expect(await codeOf(pauseSeat(deps(), caller, seat.uid, hours(-1)))).toMatchObject({
      code: 'PAUSE_UNTIL_PAST',
    });
    expect(await codeOf(pauseSeat(deps(), caller, seat.uid, hours(24 * 30 + 1)))).toEqual({
      code: 'PAUSE_TOO_LONG',
      details: { maxDays: 30 },
    });
    expect(await codeOf(resumeSeat(deps(), caller, seat.uid))).toMatchObject({ code: 'SEAT_NOT_PAUSED' });
    await pauseSeat(deps(), caller, seat.uid, hours(1));
    expect(await codeOf(pauseSeat(deps(), caller, seat.uid, hours(-1)))).toMatchObject({
      code: 'SEAT_NOT_ACTIVE',
    });
    const stopped = await family();
    const consent = stopped.seat.consent;
    if (consent === null) throw new Error('no consent');
    await deps().families.saveSeat(
      { ...stopped.seat, consent: { ...consent, status: 'revoked', revokedBy: 'dependent' } },
      [],
    );
    expect(await codeOf(pauseSeat(deps(), stopped.caller, stopped.seat.uid, hours(1)))).toMatchObject({
      code: 'STOPPED_BY_DEPENDENT',
    });
  });

  it('answers 404 to someone outside the family', async () => {
    const { seat } = await family();
    expect(await codeOf(pauseSeat(deps(), { userUid: 'us_nobody' }, seat.uid, hours(1)))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('the end of a pause', () => {
  it('resumes the seat when its schedule fires, late too; a doubled fire changes nothing', async () => {
    const { seat, caller } = await family();
    await pauseSeat(deps(), caller, seat.uid, hours(1));
    const end = scheduleOf(seat)?.end;
    if (end === undefined) throw new Error('nothing scheduled');
    // Late: hours after `until`, it still ends the pause it names.
    clockNow = hours(5);
    expect(await endPause(deps(), end)).toBe('resumed');
    expect(await endPause(deps(), end)).toBe('stale');
    expect(await stored(seat)).toMatchObject({ status: 'active', pause: null });
    const events = await eventsOf(seat);
    expect(events.filter((event) => event.type === 'seat.resumed')).toEqual([
      { type: 'seat.resumed', payload: { cause: 'schedule', resumedAt: clockNow.toISOString() } },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'seat.state_changed', payload: { state: 'protecting' } });
  });

  it('a manual resume cancels the schedule, and the schedule firing anyway changes nothing', async () => {
    const { seat, caller } = await family();
    await pauseSeat(deps(), caller, seat.uid, hours(1));
    const end = scheduleOf(seat)?.end;
    const view = await resumeSeat(deps(), caller, seat.uid);
    expect(view).toMatchObject({ status: 'active', pause: null });
    expect(cancelled).toContainEqual(end);
    const before = await stored(seat);
    expect(await endPause(deps(), end ?? { seatUid: seat.uid, pauseId: '' })).toBe('stale');
    expect((await stored(seat))?.version).toBe(before?.version);
    expect((await eventsOf(seat)).filter((event) => event.type === 'seat.resumed')).toEqual([
      { type: 'seat.resumed', payload: { cause: 'guardian', resumedAt: clockNow.toISOString() } },
    ]);
  });

  it("an older pause's schedule leaves a newer pause alone; the newer one's ends it", async () => {
    const { seat, caller } = await family();
    await pauseSeat(deps(), caller, seat.uid, hours(1));
    const first = scheduleOf(seat)?.end;
    await resumeSeat(deps(), caller, seat.uid);
    await pauseSeat(deps(), caller, seat.uid, hours(3));
    const second = scheduleOf(seat)?.end;
    expect(second?.pauseId).not.toBe(first?.pauseId);
    clockNow = hours(1);
    expect(await endPause(deps(), first ?? { seatUid: seat.uid, pauseId: '' })).toBe('stale');
    expect(await stored(seat)).toMatchObject({ status: 'paused', pause: { pauseId: second?.pauseId } });
    clockNow = hours(2);
    expect(await endPause(deps(), second ?? { seatUid: seat.uid, pauseId: '' })).toBe('resumed');
    expect(await stored(seat)).toMatchObject({ status: 'active', pause: null });
  });

  it('a schedule of a seat or family that is gone changes nothing', async () => {
    expect(await endPause(deps(), { seatUid: 'st_nope', pauseId: 'P' })).toBe('stale');
  });
});
