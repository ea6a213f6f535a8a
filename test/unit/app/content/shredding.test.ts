import { describe, expect, it } from 'vitest';
import { shredSeatContent } from '../../../../shared/app/content/shredding';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily, anActiveSeat, anOpenAlert } from '../../../support/fakes/seed';

describe('shredSeatContent', () => {
  it("deletes every sealed message of the seat and no other's; a retry deletes nothing more", async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const shredded = anActiveSeat(world, accountUid);
    const kept = anActiveSeat(world, accountUid);
    await anOpenAlert(world, shredded);
    await anOpenAlert(world, shredded);
    await anOpenAlert(world, kept);
    await expect(shredSeatContent(world.deps, shredded.seatId)).resolves.toEqual({
      seatId: shredded.seatId,
      deleted: 2,
    });
    await expect(shredSeatContent(world.deps, shredded.seatId)).resolves.toMatchObject({ deleted: 0 });
    expect([...world.table.messages.values()].map((one) => one.message.seatId)).toEqual([kept.seatId]);
  });
});
