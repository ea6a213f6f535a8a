import { describe, expect, it } from 'vitest';
import {
  listNotifications,
  readAllNotifications,
  readNotification,
} from '../../../../shared/app/notifications/inbox';
import { newNotification } from '../../../../shared/domain/notifications/notification';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aFamily } from '../../../support/fakes/seed';

/** The owner's inbox with two notifications, the older first. */
const withTwoNotifications = (world: FakeWorld) => {
  const { owner } = aFamily(world);
  const now = world.deps.clock.now();
  const older = newNotification({ id: world.deps.ids.ulid(), type: 'consent.given', seatUid: null, now });
  const newer = newNotification({ id: world.deps.ids.ulid(), type: 'consent.declined', seatUid: null, now });
  world.table.inbox.set(owner.userUid, [older, newer]);
  return { owner, older, newer };
};

describe('listNotifications', () => {
  it("lists the caller's own notifications newest first, with the unread count", async () => {
    const world = fakeWorld();
    const { owner, older, newer } = withTwoNotifications(world);
    const page = await listNotifications(world.deps, owner, null);
    expect(page.notifications.map((one) => one.id)).toEqual([newer.id, older.id]);
    expect(page).toMatchObject({ unread: 2, nextCursor: null });
    expect((await listNotifications(world.deps, { userUid: 'usr_other' }, null)).notifications).toEqual([]);
  });
});

describe('readNotification', () => {
  it('marks one read at the clock’s instant; another user’s is 404', async () => {
    const world = fakeWorld();
    const { owner, older } = withTwoNotifications(world);
    await expect(readNotification(world.deps, { userUid: 'usr_other' }, older.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await readNotification(world.deps, owner, older.id);
    const page = await listNotifications(world.deps, owner, null);
    expect(page.unread).toBe(1);
    expect(page.notifications.find((one) => one.id === older.id)?.readAt).toBe(
      world.deps.clock.now().toISOString(),
    );
  });
});

describe('readAllNotifications', () => {
  it('leaves nothing unread', async () => {
    const world = fakeWorld();
    const { owner } = withTwoNotifications(world);
    await readAllNotifications(world.deps, owner);
    expect((await listNotifications(world.deps, owner, null)).unread).toBe(0);
  });
});
