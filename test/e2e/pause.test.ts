import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { asPerson, protectedSeat, seatItem, stackTable } from './support/consent';
import { awaitLogLines } from './support/logs';
import { pair, simulate } from './support/pairing';
import { guardianStream, type Received } from './support/streams';

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const pause = (family: { owner: { token: string }; seatUid: string }, until: string) =>
  call('POST', `/seats/${family.seatUid}/pause`, { token: family.owner.token, body: { until } });
const resume = (family: { owner: { token: string }; seatUid: string }) =>
  call('POST', `/seats/${family.seatUid}/resume`, { token: family.owner.token, body: {} });
const ofSeat = (seatUid: string, type: string) => (event: Received) =>
  event.seatUid === seatUid && event.type === type;

describe('pause and resume, over the local stack', () => {
  it('pauses, drops a message unread while paused, and resumes by itself at `until`', async () => {
    const family = await protectedSeat();
    const session = await pair(family);
    const stream = await guardianStream(family.owner.token, family.accountUid);
    const until = inSeconds(4);

    const paused = await pause(family, until);
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({
      uid: family.seatUid,
      status: 'paused',
      pause: { until, cause: 'guardian', pausedAt: expect.any(String) },
    });
    await stream.until(
      (events) =>
        events.some(ofSeat(family.seatUid, 'seat.paused')) &&
        events.some(
          (event) =>
            ofSeat(family.seatUid, 'seat.state_changed')(event) && event.payload['state'] === 'paused',
        ),
      'seat.paused and the paused state on the account’s stream',
    );
    expect(stream.events.find(ofSeat(family.seatUid, 'seat.paused'))?.payload).toEqual({
      cause: 'guardian',
      pausedAt: paused.body.data.pause.pausedAt,
      until,
    });

    // A message while paused: handled, dropped, never sealed nor read.
    await simulate(session, 'messages', { body: 'oi, tudo bem? #risk:bullying:high' });
    await awaitLogLines<{ session: string; outcome: string }>(
      'session_event.handled',
      (line) => line.session === session && line.outcome === 'dropped',
      1,
      15_000,
    );
    const { seatId } = (await seatItem(family.accountUid, family.seatUid)) as { seatId: string };
    const table = stackTable();
    const sealed = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `SEATMSG#${seatId}` },
      }),
    );
    expect(sealed.Items ?? []).toEqual([]);

    const events = await stream.until(
      (received) =>
        received.some(ofSeat(family.seatUid, 'seat.resumed')) &&
        received.some(
          (event) =>
            ofSeat(family.seatUid, 'seat.state_changed')(event) && event.payload['state'] === 'protecting',
        ),
      'the seat resumed by its schedule',
      15_000,
    );
    expect(events.find(ofSeat(family.seatUid, 'seat.resumed'))?.payload).toEqual({
      cause: 'schedule',
      resumedAt: expect.any(String),
    });
    expect(events.some(ofSeat(family.seatUid, 'alert.opened'))).toBe(false);
    stream.close();
    const seat = await call('GET', `/seats/${family.seatUid}`, { token: family.owner.token });
    expect(seat.body.data).toMatchObject({ status: 'active', pause: null });
    await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token });
  });

  it('resumes at a member’s word (the pause’s schedule is cancelled)', async () => {
    const family = await protectedSeat();
    const stream = await guardianStream(family.owner.token, family.accountUid);
    expect((await pause(family, inSeconds(3600))).status).toBe(200);
    const resumed = await resume(family);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ status: 'active', pause: null });
    const events = await stream.until(
      (received) => received.some(ofSeat(family.seatUid, 'seat.resumed')),
      'seat.resumed',
    );
    expect(events.find(ofSeat(family.seatUid, 'seat.resumed'))?.payload).toEqual({
      cause: 'guardian',
      resumedAt: expect.any(String),
    });
    stream.close();
  });

  it('answers each code in the contract’s order', async () => {
    const family = await protectedSeat();
    expect((await pause(family, inSeconds(-60))).body.error).toMatchObject({ code: 'PAUSE_UNTIL_PAST' });
    const tooLong = await pause(family, inSeconds(31 * 86_400));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error).toMatchObject({ code: 'PAUSE_TOO_LONG', details: { maxDays: 30 } });
    expect((await resume(family)).body.error).toMatchObject({ code: 'SEAT_NOT_PAUSED' });
    expect((await pause(family, inSeconds(3600))).status).toBe(200);
    const twice = await pause(family, inSeconds(-60));
    expect(twice.status).toBe(422);
    expect(twice.body.error).toMatchObject({ code: 'SEAT_NOT_ACTIVE' });
    expect((await pause(family, 'tomorrow')).status).toBe(400);

    const stopped = await protectedSeat();
    expect((await asPerson('POST', `/consent-requests/${stopped.linkToken}/stop`)).status).toBe(200);
    const refused = await pause(stopped, inSeconds(-60));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'STOPPED_BY_DEPENDENT' });
  });
});
