import { describe, expect, it } from 'vitest';
import { getHome } from '../../../../shared/app/accounts/home';
import { newNotification } from '../../../../shared/domain/notifications/notification';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily, anActiveSeat, aPendingSeat, aStranger } from '../../../support/fakes/seed';

describe('getHome', () => {
  it("shows the family's people who are not archived, the onboarding and the caller's unread count", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const active = anActiveSeat(world, accountUid);
    aPendingSeat(world, accountUid, { status: 'archived' });
    world.table.inbox.set(owner.userUid, [
      newNotification({
        id: world.deps.ids.ulid(),
        type: 'consent.given',
        seatUid: active.uid,
        now: world.deps.clock.now(),
      }),
    ]);
    const home = await getHome(world.deps, owner, accountUid);
    expect(home.account).toEqual({ uid: accountUid, name: 'Souza' });
    expect(home.people).toMatchObject([{ seatUid: active.uid, name: 'Bia Souza', seatStatus: 'active' }]);
    expect(home.onboarding.complete).toBe(true);
    expect(home.notifications.unread).toBe(1);
    expect(home.alerts).toEqual({ open: 0, latest: [] });
  });

  it('answers 404 to someone outside the family', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    await expect(getHome(world.deps, aStranger(world), accountUid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
