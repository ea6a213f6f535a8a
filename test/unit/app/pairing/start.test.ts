import { describe, expect, it } from 'vitest';
import { stopProtection } from '../../../../shared/app/consent/protection';
import { catchUpEvent } from '../../../../shared/app/pairing/catch-up';
import { sessionEnd } from '../../../../shared/app/pairing/sessions';
import { startPairing, startPersonPairing } from '../../../../shared/app/pairing/start';
import { ProviderRefused } from '../../../../shared/ports/session-provider';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aLinkReadyToPair, personIp } from '../../../support/fakes/consent-link';
import {
  aConsentedSeat,
  aFamily,
  anActiveSeat,
  aPendingSeat,
  aProxy,
  aSeatReadyToPair,
  aSeatWithPairing,
  eventTypes,
  storedSeat,
} from '../../../support/fakes/seed';

/** A family whose seat may pair, with one proxy address of room 2. */
const readyFamily = async (world: FakeWorld) => {
  await aProxy(world);
  const family = aFamily(world);
  return { ...family, seat: aSeatReadyToPair(world, family.accountUid) };
};

const endedSessions = (world: FakeWorld) =>
  world.deps.sessionEnds.bodies().map((body) => sessionEnd.parse(body).sessionName);

describe('startPairing', () => {
  it('starts the pairing on a proxy slot with its session at the provider: starting, the QR to follow', async () => {
    const world = fakeWorld();
    const { owner, seat } = await readyFamily(world);
    const view = await startPairing(world.deps, owner, seat.uid, 'qr');
    expect(view).toMatchObject({ channel: 'chat', method: 'qr', status: 'starting', challenge: null });
    const pairing = storedSeat(world, seat)?.pairing;
    expect(pairing).toMatchObject({ status: 'starting', requestedBy: 'guardian', proxyLabel: 'sp-1' });
    expect(world.table.proxies.get('sp-1')?.bound).toBe(1);
    const session = world.deps.sessions.sessions.get(pairing?.sessionName ?? '');
    expect(session?.session).toEqual({
      name: pairing?.sessionName,
      proxyUrl: 'http://u:p@203.0.113.7:2',
      metadata: { pairingId: pairing?.pairingId, seatUid: seat.uid },
    });
    expect(eventTypes(world)).toContain('pairing.status');
  });

  it("asks the session-events worker to catch up with the new session's first statuses, once per pairing", async () => {
    const world = fakeWorld();
    const { owner, seat } = await readyFamily(world);
    await startPairing(world.deps, owner, seat.uid, 'qr');
    const pairing = storedSeat(world, seat)?.pairing;
    expect(world.deps.sessionEvents.sent).toEqual([
      {
        body: expect.stringContaining(catchUpEvent),
        groupId: pairing?.sessionName,
        deduplicationId: `catch-up-${pairing?.pairingId}`,
      },
    ]);
  });

  it('checks in order: CONSENT_REQUIRED, RELATIONSHIP_REFUTED, SEAT_NOT_ACTIVE, CHANNEL_NOT_ENABLED', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const start = (seatUid: string) => startPairing(world.deps, owner, seatUid, 'qr');
    await expect(start(aPendingSeat(world, accountUid).uid)).rejects.toMatchObject({
      code: 'CONSENT_REQUIRED',
    });
    const refuted = aSeatReadyToPair(world, accountUid, {
      relationshipCheck: { result: 'refuted', checkedAt: world.deps.clock.now().toISOString() },
    });
    await expect(start(refuted.uid)).rejects.toMatchObject({ code: 'RELATIONSHIP_REFUTED' });
    await expect(start(aConsentedSeat(world, accountUid).uid)).rejects.toMatchObject({
      code: 'SEAT_NOT_ACTIVE',
    });
    await expect(start(anActiveSeat(world, accountUid).uid)).rejects.toMatchObject({
      code: 'CHANNEL_NOT_ENABLED',
    });
  });

  it('then PAIRING_EXISTS, DEPENDENT_PHONE_IS_GUARDIAN and, last, NO_PROXY_CAPACITY', async () => {
    const world = fakeWorld();
    const { accountUid, owner, ownerUser } = aFamily(world);
    const start = (seatUid: string) => startPairing(world.deps, owner, seatUid, 'qr');
    const open = aSeatWithPairing(world, accountUid, { status: 'challenge' });
    await expect(start(open.uid)).rejects.toMatchObject({ code: 'PAIRING_EXISTS' });
    const ready = aSeatReadyToPair(world, accountUid);
    await expect(start(ready.uid)).rejects.toMatchObject({ code: 'NO_PROXY_CAPACITY' });
    const user = world.table.users.get(ownerUser.uid);
    if (user !== undefined) user.phone = ready.dependent?.phone ?? null;
    await expect(start(ready.uid)).rejects.toMatchObject({ code: 'DEPENDENT_PHONE_IS_GUARDIAN' });
  });

  it('answers 409 STOPPED_BY_DEPENDENT before anything else after the person stopped', async () => {
    const world = fakeWorld();
    const { owner, seat, token } = await aLinkReadyToPair(world);
    await stopProtection(world.deps, token, personIp);
    await expect(startPairing(world.deps, owner, seat.uid, 'qr')).rejects.toMatchObject({
      code: 'STOPPED_BY_DEPENDENT',
    });
  });

  it('starts again once the pairing before it ended', async () => {
    const world = fakeWorld();
    await aProxy(world);
    const { accountUid, owner } = aFamily(world);
    const seat = aSeatWithPairing(world, accountUid, { status: 'revoked' });
    await expect(startPairing(world.deps, owner, seat.uid, 'code')).resolves.toMatchObject({
      status: 'starting',
      method: 'code',
    });
  });

  it('gives the slot back and queues the session’s end when the provider refuses, keeping nothing', async () => {
    const world = fakeWorld();
    const { owner, seat } = await readyFamily(world);
    world.deps.sessions.fail('createSession', new ProviderRefused(503));
    await expect(startPairing(world.deps, owner, seat.uid, 'qr')).rejects.toBeInstanceOf(ProviderRefused);
    expect(storedSeat(world, seat)?.pairing).toBeNull();
    expect(world.table.proxies.get('sp-1')?.bound).toBe(0);
    expect(endedSessions(world)).toEqual([expect.stringMatching(/^pairing_/)]);
    expect(eventTypes(world)).toEqual([]);
  });
});

describe('startPersonPairing', () => {
  it("starts a pairing by a code on the person's phone, asked by them", async () => {
    const world = fakeWorld();
    await aProxy(world);
    const { seat, token } = await aLinkReadyToPair(world);
    await expect(startPersonPairing(world.deps, token, personIp)).resolves.toMatchObject({
      method: 'code',
      status: 'starting',
      challenge: null,
    });
    expect(storedSeat(world, seat)?.pairing).toMatchObject({ requestedBy: 'dependent', method: 'code' });
  });

  it('applies the fixed budget of 10 starts per link in 10 minutes, counted before the token is looked up', async () => {
    const world = fakeWorld();
    const unknown = 'x'.repeat(43);
    for (let start = 0; start < 10; start += 1)
      await expect(startPersonPairing(world.deps, unknown, personIp)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    await expect(startPersonPairing(world.deps, unknown, personIp)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('answers 404 for a token that is not a link', async () => {
    const world = fakeWorld();
    await expect(startPersonPairing(world.deps, 'not-a-token', personIp)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
