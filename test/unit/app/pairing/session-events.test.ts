import { describe, expect, it } from 'vitest';
import { readWahaEvent } from '../../../../shared/adapters/session-provider/waha-events';
import { catchUpMessage, readCatchUp } from '../../../../shared/app/pairing/catch-up';
import { handleReconnectAttempt, handleStatusReport } from '../../../../shared/app/pairing/session-events';
import {
  dispatchSessionEvent,
  readQueuedSessionEvent,
  sessionEventBatch,
  type WorkerDeps,
} from '../../../../shared/app/session-batch';
import { sessionEnd } from '../../../../shared/app/pairing/sessions';
import type { Seat } from '../../../../shared/domain/family/seat';
import type { Pairing, ProviderStatus } from '../../../../shared/domain/pairing/pairing';
import { ProviderRefused, type SessionStatusEvent } from '../../../../shared/ports/session-provider';
import { findsOn, fakeAnalyzer } from '../../../support/fakes/analyzer';
import { fakeDeps, fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import {
  aFamily,
  aPairedSeat,
  aProxy,
  aSeatWithPairing,
  anActiveSeat,
  eventTypes,
  storedSeat,
} from '../../../support/fakes/seed';
import { sessionEvent, working } from '../../../support/session-event-bodies';

const MINUTE_MS = 60_000;

/** A queued body handled as the session-events worker handles it: read by the adapter, then dispatched. */
const handleSessionEvent = (deps: WorkerDeps, body: string, eventId: string) =>
  dispatchSessionEvent(sessionEventBatch(deps), readQueuedSessionEvent(body, readWahaEvent), eventId);

/** A family with a proxy whose seat's pairing has the given fields (a QR shown, unless told). */
const linking = async (world: FakeWorld, fields: Partial<Pairing> & Pick<Pairing, 'status'>) => {
  await aProxy(world);
  const family = aFamily(world);
  return { ...family, seat: aSeatWithPairing(world, family.accountUid, fields) };
};

/** A `session.status` report of the seat's session, made by the provider at `at`. */
const report = (seat: Seat, id: string, status: string, at?: Date) =>
  sessionEvent(seat, {
    id,
    event: 'session.status',
    payload: { status },
    ...(at === undefined ? {} : { timestamp: at.getTime() }),
  });

/** An incoming text message in the seat's session, as `event` (`message` or `message.any`). */
const incoming = (world: FakeWorld, seat: Seat, event: string, id: string, body: string) =>
  sessionEvent(seat, {
    id: `evt_${id}_${event}`,
    event,
    me: { id: '5511987654321@c.us' },
    payload: {
      id,
      timestamp: world.deps.clock.now().getTime() / 1000,
      from: '5521998765432@c.us',
      to: '5511987654321@c.us',
      fromMe: false,
      body,
    },
  });

const endedSessions = (world: FakeWorld) =>
  world.deps.sessionEnds.bodies().map((body) => sessionEnd.parse(body).sessionName);

describe('handleSessionEvent', () => {
  it("pairs a linking session that connects the person's own number, starting the first trial", async () => {
    const world = fakeWorld();
    const { seat } = await linking(world, { status: 'challenge' });
    await expect(handleSessionEvent(world.deps, working(seat, 'evt_1'), 'evt_1')).resolves.toBe('handled');
    expect(storedSeat(world, seat)?.pairing).toMatchObject({
      status: 'paired',
      pairedAt: expect.any(String),
    });
    expect(storedSeat(world, seat)?.trial).not.toBeNull();
    expect(eventTypes(world)).toEqual(
      expect.arrayContaining(['pairing.status', 'pairing.paired', 'trial.started']),
    );
    expect(world.deps.trialEndings.pending).toHaveLength(1);
  });

  it('handles a provider event once: its redelivery finds the id and changes nothing', async () => {
    const world = fakeWorld();
    const { seat } = await linking(world, { status: 'challenge' });
    await handleSessionEvent(world.deps, working(seat, 'evt_1'), 'evt_1');
    const written = world.table.events.length;
    await expect(handleSessionEvent(world.deps, working(seat, 'evt_1'), 'evt_1')).resolves.toBe('duplicate');
    expect(world.table.events).toHaveLength(written);
  });

  it("puts the seat's warm-up in the queue at its first paired, started at once on a free slot", async () => {
    const world = fakeWorld();
    const { seat } = await linking(world, { status: 'connecting' });
    await handleSessionEvent(world.deps, working(seat, 'evt_1'), 'evt_1');
    const warmUp = storedSeat(world, seat)?.historyImport;
    expect(warmUp).toMatchObject({ status: 'running', first: true, slot: 1 });
    expect(world.deps.historyWork.sent.map((sent) => sent.job)).toEqual([
      { seatUid: seat.uid, importId: warmUp?.importId },
    ]);
    expect(eventTypes(world)).toEqual(expect.arrayContaining(['history.queued', 'history.started']));
  });

  it('cancels a pairing linked from another number: logged out, its session ended, guardians warned (critical)', async () => {
    const world = fakeWorld();
    const { seat, owner } = await linking(world, { status: 'connecting' });
    const other = sessionEvent(seat, {
      id: 'evt_other',
      event: 'session.status',
      me: { id: '5521912345678@c.us' },
      payload: { status: 'WORKING' },
    });
    await expect(handleSessionEvent(world.deps, other, 'evt_other')).resolves.toBe('handled');
    const sessionName = seat.pairing?.sessionName;
    expect(storedSeat(world, seat)?.pairing).toMatchObject({
      status: 'cancelled',
      failureReason: 'identity_mismatch',
    });
    expect(world.deps.sessions.calls).toEqual([`logout ${sessionName}`]);
    expect(endedSessions(world)).toEqual([sessionName]);
    expect(world.table.proxies.get('sp-1')?.bound).toBe(0);
    expect(world.table.inbox.get(owner.userUid)).toMatchObject([
      { type: 'pairing.identity_mismatch', severity: 'critical' },
    ]);
  });

  it('asks the provider for the number when the report names none', async () => {
    const world = fakeWorld();
    const { seat } = await linking(world, { status: 'connecting' });
    world.deps.sessions.have(seat.pairing?.sessionName ?? '', { me: '5511987654321@c.us' });
    await handleSessionEvent(world.deps, report(seat, 'evt_1', 'WORKING'), 'evt_1');
    expect(storedSeat(world, seat)?.pairing?.status).toBe('paired');
  });

  it('makes a paired session that drops degraded, with its first reconnect attempt scheduled', async () => {
    const world = fakeWorld();
    await aProxy(world);
    const { accountUid } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    await expect(handleSessionEvent(world.deps, report(seat, 'evt_d', 'STARTING'), 'evt_d')).resolves.toBe(
      'handled',
    );
    const pairing = storedSeat(world, seat)?.pairing;
    expect(pairing).toMatchObject({ status: 'degraded', reconnectAttempts: 0 });
    const firstAttemptAt = new Date(world.deps.clock.now().getTime() + 30_000);
    expect(world.deps.reconnects.pending).toEqual([
      { payload: { seatUid: seat.uid, pairingId: pairing?.pairingId, attempt: 1 }, at: firstAttemptAt },
    ]);
  });

  it("catches a starting pairing up with the provider's status once, showing its QR", async () => {
    const world = fakeWorld();
    const { seat } = await linking(world, { status: 'starting' });
    const sessionName = seat.pairing?.sessionName ?? '';
    world.deps.sessions.have(sessionName, { status: 'SCAN_QR_CODE' });
    const catchUp = catchUpMessage(seat.pairing as Pairing, seat.uid);
    const id = catchUp.deduplicationId ?? '';
    await expect(handleSessionEvent(world.deps, catchUp.body, id)).resolves.toBe('handled');
    expect(storedSeat(world, seat)?.pairing).toMatchObject({
      status: 'challenge',
      challenge: { kind: 'qr', value: `qr:${sessionName}` },
    });
    expect(eventTypes(world)).toContain('pairing.challenge');
    await expect(handleSessionEvent(world.deps, catchUp.body, id)).resolves.toBe('unchanged');
  });

  it('reads a report made before the one that moved the pairing as stale (a webhook retried late)', async () => {
    const world = fakeWorld();
    await aProxy(world);
    const { accountUid } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    const now = world.deps.clock.now();
    await handleSessionEvent(world.deps, report(seat, 'evt_w', 'STARTING', now), 'evt_w');
    const late = new Date(now.getTime() - MINUTE_MS);
    await expect(
      handleSessionEvent(world.deps, report(seat, 'evt_late', 'SCAN_QR_CODE', late), 'evt_late'),
    ).resolves.toBe('stale');
    expect(storedSeat(world, seat)?.pairing?.status).toBe('degraded');
  });

  it('drops events of a session no pairing owns, messages of a pairing not yet paired, and bodies that are no event', async () => {
    const world = fakeWorld();
    const { seat } = await linking(world, { status: 'challenge' });
    const stray = JSON.stringify({
      event: 'session.status',
      session: 'default',
      payload: { status: 'WORKING' },
    });
    await expect(handleSessionEvent(world.deps, stray, 'evt_s')).resolves.toBe('unknown_session');
    const message = incoming(world, seat, 'message', 'false_1', 'oi');
    await expect(handleSessionEvent(world.deps, message, 'evt_m')).resolves.toBe('unknown_session');
    await expect(handleSessionEvent(world.deps, '{not json', 'evt_x')).resolves.toBe('not_an_event');
    await expect(handleSessionEvent(world.deps, '{"event":"session.status"}', 'evt_y')).resolves.toBe(
      'not_an_event',
    );
    expect(world.table.events).toEqual([]);
  });

  it("analyses a paired seat's message once by its own id, whichever event brings it", async () => {
    const world = fakeDeps({ analyzer: fakeAnalyzer(findsOn('foto')) });
    const { accountUid, owner } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    const asked = 'me manda uma foto sua';
    await expect(
      handleSessionEvent(world.deps, incoming(world, seat, 'message', 'false_1', asked), 'evt_1'),
    ).resolves.toBe('ingested');
    await expect(
      handleSessionEvent(world.deps, incoming(world, seat, 'message.any', 'false_1', asked), 'evt_2'),
    ).resolves.toBe('duplicate');
    expect(world.table.messages.size).toBe(1);
    expect(JSON.stringify([...world.table.messages.values()])).not.toContain('foto');
    expect([...world.table.alerts.values()]).toMatchObject([
      { accountUid, alert: { seatUid: seat.uid, category: 'grooming', source: 'live' } },
    ]);
    expect(world.table.inbox.get(owner.userUid)?.length).toBeGreaterThan(0);
  });
});

describe('a QR the guardian already sees', () => {
  it('is not shown again when the provider reports it once more (after a catch-up showed it); a new one is', async () => {
    const world = fakeWorld();
    const qrOf = (name: string) => ({
      kind: 'qr' as const,
      value: `qr:${name}`,
      confirmation: null,
      expiresAt: null,
    });
    const { seat } = await linking(world, { status: 'challenge' });
    const sessionName = seat.pairing?.sessionName ?? '';
    world.deps.sessions.have(sessionName, { status: 'SCAN_QR_CODE' });
    const shown = storedSeat(world, seat);
    if (shown?.pairing == null) throw new Error('no pairing');
    await world.deps.families.saveSeat(
      { ...shown, pairing: { ...shown.pairing, challenge: qrOf(sessionName) } },
      [],
    );
    const before = eventTypes(world).length;
    await expect(
      handleSessionEvent(world.deps, report(seat, 'evt_q1', 'SCAN_QR_CODE'), 'evt_q1'),
    ).resolves.toBe('unchanged');
    expect(eventTypes(world).length).toBe(before);

    const rotated = storedSeat(world, seat);
    if (rotated?.pairing == null) throw new Error('no pairing');
    await world.deps.families.saveSeat(
      {
        ...rotated,
        pairing: { ...rotated.pairing, challenge: { ...qrOf(sessionName), value: 'an older QR' } },
      },
      [],
    );
    await expect(
      handleSessionEvent(world.deps, report(seat, 'evt_q2', 'SCAN_QR_CODE'), 'evt_q2'),
    ).resolves.toBe('handled');
    expect(storedSeat(world, seat)?.pairing?.challenge).toMatchObject({ value: `qr:${sessionName}` });
  });
});

describe('handleReconnectAttempt', () => {
  /** A paired seat whose session dropped, and the first attempt its drop scheduled. */
  const dropped = async (world: FakeWorld) => {
    await aProxy(world);
    const family = aFamily(world);
    const seat = aPairedSeat(world, family.accountUid, 'sp-1');
    await handleSessionEvent(world.deps, report(seat, 'evt_drop', 'STARTING'), 'evt_drop');
    const attempt = world.deps.reconnects.pending[0]?.payload;
    if (attempt === undefined) throw new Error('no attempt scheduled');
    const sessionName = seat.pairing?.sessionName ?? '';
    world.deps.sessions.have(sessionName, { status: 'STARTING' });
    return { ...family, seat, attempt, sessionName };
  };

  it('restarts a session the provider still has down and schedules the next attempt', async () => {
    const world = fakeWorld();
    const { seat, attempt, sessionName } = await dropped(world);
    await expect(handleReconnectAttempt(world.deps, attempt)).resolves.toBe('attempted');
    expect(world.deps.sessions.calls).toEqual([`restart ${sessionName}`]);
    expect(storedSeat(world, seat)?.pairing).toMatchObject({ status: 'degraded', reconnectAttempts: 1 });
    // 2.5 minutes after the drop: the first attempt's 30 s, then 2 minutes.
    expect(world.deps.reconnects.pending).toContainEqual({
      payload: { ...attempt, attempt: 2 },
      at: new Date(world.deps.clock.now().getTime() + 150_000),
    });
  });

  it('fired twice, or for another pairing, changes nothing', async () => {
    const world = fakeWorld();
    const { seat, attempt } = await dropped(world);
    await handleReconnectAttempt(world.deps, attempt);
    const version = storedSeat(world, seat)?.version;
    await expect(handleReconnectAttempt(world.deps, attempt)).resolves.toBe('stale');
    await expect(
      handleReconnectAttempt(world.deps, { ...attempt, pairingId: 'another', attempt: 2 }),
    ).resolves.toBe('stale');
    await expect(handleReconnectAttempt(world.deps, { ...attempt, seatUid: 'st_gone' })).resolves.toBe(
      'stale',
    );
    expect(storedSeat(world, seat)?.version).toBe(version);
  });

  it('makes a session the provider already has back paired, as its WORKING would, without a restart', async () => {
    const world = fakeWorld();
    const { seat, attempt, sessionName } = await dropped(world);
    world.deps.sessions.have(sessionName, { status: 'WORKING' });
    await expect(handleReconnectAttempt(world.deps, attempt)).resolves.toBe('reconnected');
    expect(world.deps.sessions.calls).toEqual([]);
    expect(storedSeat(world, seat)?.pairing).toMatchObject({
      status: 'paired',
      reconnectAttempts: 0,
      droppedAt: null,
    });
  });

  it('ends the drop at the verdict after the last attempt: disconnected, with the critical notification', async () => {
    const world = fakeWorld();
    const { seat, attempt, owner, sessionName } = await dropped(world);
    for (const n of [1, 2, 3])
      await expect(handleReconnectAttempt(world.deps, { ...attempt, attempt: n })).resolves.toBe('attempted');
    await expect(handleReconnectAttempt(world.deps, { ...attempt, attempt: 4 })).resolves.toBe(
      'disconnected',
    );
    expect(storedSeat(world, seat)?.pairing).toMatchObject({
      status: 'disconnected',
      failureReason: 'reconnect_failed',
    });
    expect(world.table.inbox.get(owner.userUid)).toMatchObject([
      { type: 'pairing.disconnected', severity: 'critical' },
    ]);
    expect(endedSessions(world)).toEqual([sessionName]);
    expect(world.table.proxies.get('sp-1')?.bound).toBe(0);
  });

  it('gives up at once when the provider refuses the last restart', async () => {
    const world = fakeWorld();
    const { seat, attempt } = await dropped(world);
    world.deps.sessions.fail('restart', new ProviderRefused(503));
    for (const n of [1, 2])
      await expect(handleReconnectAttempt(world.deps, { ...attempt, attempt: n })).resolves.toBe('attempted');
    await expect(handleReconnectAttempt(world.deps, { ...attempt, attempt: 3 })).resolves.toBe(
      'disconnected',
    );
    expect(storedSeat(world, seat)?.pairing).toMatchObject({ status: 'disconnected', reconnectAttempts: 3 });
  });
});

/** A status report of the seat's session as the provider's adapter hands it over. */
const reportOf = (seat: Pick<Seat, 'uid' | 'pairing'>, status: ProviderStatus): SessionStatusEvent => ({
  kind: 'status',
  envelope: {
    id: 'evt_1',
    event: 'session.status',
    session: seat.pairing?.sessionName ?? '',
    seatUid: seat.uid,
  },
  status,
  code: null,
  me: null,
  reportedAt: null,
});

describe('handleStatusReport', () => {
  it('moves a pairing by its report once: a drop makes it degraded and schedules a reconnect; the redelivery changes nothing', async () => {
    const world = fakeWorld();
    const seat = aPairedSeat(world, aFamily(world).accountUid, 'sp-1');
    await expect(handleStatusReport(world.deps, reportOf(seat, 'STOPPED'), 'evt_1')).resolves.toBe('handled');
    expect(storedSeat(world, seat)?.pairing?.status).toBe('degraded');
    expect(world.deps.reconnects.pending.map((one) => one.payload.attempt)).toEqual([1]);
    await expect(handleStatusReport(world.deps, reportOf(seat, 'STOPPED'), 'evt_1')).resolves.toBe(
      'duplicate',
    );
    expect(world.deps.reconnects.pending).toHaveLength(1);
  });

  it('drops a report of a session no pairing owns', async () => {
    const world = fakeWorld();
    const seat = aPairedSeat(world, aFamily(world).accountUid, 'sp-1');
    const stray = { uid: seat.uid, pairing: seat.pairing && { ...seat.pairing, sessionName: 'pairing_x' } };
    await expect(handleStatusReport(world.deps, reportOf(stray, 'STOPPED'), 'evt_1')).resolves.toBe(
      'unknown_session',
    );
    expect(storedSeat(world, seat)?.pairing?.status).toBe('paired');
  });

  it('takes a catch-up only for a pairing no report has moved yet, as a report of the status the provider answers now', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const paired = aPairedSeat(world, accountUid, 'sp-1');
    const starting = anActiveSeat(world, accountUid, {
      pairing: paired.pairing && {
        ...paired.pairing,
        sessionName: 'pairing_2',
        status: 'starting',
        pairedAt: null,
      },
    });
    const catchUpOf = (seat: Seat) => {
      const read = seat.pairing && readCatchUp(catchUpMessage(seat.pairing, seat.uid).body);
      if (read == null) throw new Error('no catch-up');
      return read;
    };
    await expect(handleStatusReport(world.deps, catchUpOf(paired), 'catch-up-1')).resolves.toBe('unchanged');
    // A session the provider does not know has no status to read.
    await expect(handleStatusReport(world.deps, catchUpOf(starting), 'catch-up-2')).resolves.toBe(
      'not_an_event',
    );
    world.deps.sessions.have('pairing_2', { status: 'SCAN_QR_CODE' });
    await expect(handleStatusReport(world.deps, catchUpOf(starting), 'catch-up-2')).resolves.toBe('handled');
    expect(storedSeat(world, starting)?.pairing).toMatchObject({
      status: 'challenge',
      challenge: { kind: 'qr' },
    });
  });
});
