import { describe, expect, it } from 'vitest';
import { resetPairing } from '../../../../shared/app/operators/pairing-reset';
import type { Operator } from '../../../../shared/domain/operators/roster';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily, anActiveSeat, aPairedSeat, storedSeat } from '../../../support/fakes/seed';

const operator: Operator = { uid: 'op-1', email: 'ops@example.com', role: 'operator' };

describe('resetPairing', () => {
  it("revokes the seat's open pairing with the operator's audit entry, then ends its session", async () => {
    const world = fakeWorld();
    await world.deps.proxies.register([{ label: 'sp-1', address: 'http://u:p@203.0.113.7:1', capacity: 2 }]);
    const { accountUid } = aFamily(world);
    const seat = aPairedSeat(world, accountUid, 'sp-1');
    await expect(resetPairing(world.deps, operator, seat.uid)).resolves.toEqual({
      seatUid: seat.uid,
      status: 'revoked',
    });
    expect(storedSeat(world, seat)?.pairing).toMatchObject({
      status: 'revoked',
      failureReason: 'reset_by_operator',
    });
    expect(world.table.audit).toMatchObject([
      { action: 'pairing.reset', target: { kind: 'seat', uid: seat.uid } },
    ]);
    expect(world.table.proxies.get('sp-1')?.bound).toBe(0);
    expect(world.deps.sessionEnds.sent).toHaveLength(1);
  });

  it('answers 422 PAIRING_NOT_OPEN without an open pairing, and 404 for an unknown seat', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const seat = anActiveSeat(world, accountUid);
    await expect(resetPairing(world.deps, operator, seat.uid)).rejects.toMatchObject({
      code: 'PAIRING_NOT_OPEN',
    });
    await expect(resetPairing(world.deps, operator, 'st_nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
