import { describe, expect, it } from 'vitest';
import { handleStatusReport } from '../../../../shared/app/pairing/session-events';
import { readCatchUp, catchUpMessage } from '../../../../shared/app/pairing/catch-up';
import type { Seat } from '../../../../shared/domain/family/seat';
import type { ProviderStatus } from '../../../../shared/domain/pairing/pairing';
import type { SessionStatusEvent } from '../../../../shared/ports/session-provider';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily, aPairedSeat, anActiveSeat, storedSeat } from '../../../support/fakes/seed';

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
    world.deps.sessions.sessions.set('pairing_2', {
      session: { name: 'pairing_2', proxyUrl: 'http://10.0.0.1:8080', metadata: {} },
      status: 'SCAN_QR_CODE',
      me: null,
      chats: [],
    });
    await expect(handleStatusReport(world.deps, catchUpOf(starting), 'catch-up-2')).resolves.toBe('handled');
    expect(storedSeat(world, starting)?.pairing).toMatchObject({
      status: 'challenge',
      challenge: { kind: 'qr' },
    });
  });
});
