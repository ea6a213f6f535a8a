import { describe, expect, it } from 'vitest';
import { handleTrialEnding } from '../../../../shared/app/notifications/trial-ending';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aFamily, aGuardian, anActiveSeat } from '../../../support/fakes/seed';

const DAY_MS = 86_400_000;

/** A family whose active seat's trial ends in a day. */
const trialEndingTomorrow = (world: FakeWorld) => {
  const { accountUid, owner } = aFamily(world);
  const guardian = aGuardian(world, accountUid);
  const now = world.deps.clock.now();
  const endsAt = new Date(now.getTime() + DAY_MS).toISOString();
  const seat = anActiveSeat(world, accountUid, { trial: { startedAt: now.toISOString(), endsAt } });
  return { owner, guardian, seat, fired: { seatUid: seat.uid, trialEndsAt: endsAt } };
};

describe('handleTrialEnding', () => {
  it("puts `trial.ending` in every guardian's inbox and sends it as their preferences allow", async () => {
    const world = fakeWorld();
    const { owner, guardian, fired } = trialEndingTomorrow(world);
    await expect(handleTrialEnding(world.deps, fired)).resolves.toBe('notified');
    for (const { userUid } of [owner, guardian])
      expect(world.table.inbox.get(userUid)?.map((entry) => entry.type)).toEqual(['trial.ending']);
    expect(world.deps.notifier.delivered).toHaveLength(1);
    expect(world.deps.notifier.delivered[0]?.notification).toMatchObject({
      type: 'trial.ending',
      personFirstName: 'Bia',
    });
  });

  it('sends the notice once when its schedule fires twice', async () => {
    const world = fakeWorld();
    const { owner, fired } = trialEndingTomorrow(world);
    await handleTrialEnding(world.deps, fired);
    await expect(handleTrialEnding(world.deps, fired)).resolves.toBe('duplicate');
    expect(world.table.inbox.get(owner.userUid)).toHaveLength(1);
  });

  it('is stale for another trial end, or once the trial ended', async () => {
    const world = fakeWorld();
    const { owner, fired } = trialEndingTomorrow(world);
    await expect(
      handleTrialEnding(world.deps, { ...fired, trialEndsAt: '2027-01-01T00:00:00.000Z' }),
    ).resolves.toBe('stale');
    world.deps.clock.advance(2 * DAY_MS);
    await expect(handleTrialEnding(world.deps, fired)).resolves.toBe('stale');
    expect(world.table.inbox.get(owner.userUid)).toBeUndefined();
  });
});
