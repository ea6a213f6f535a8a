import { describe, expect, it } from 'vitest';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from '../../../../shared/app/notifications/preferences';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily } from '../../../support/fakes/seed';

describe('getNotificationPreferences', () => {
  it('has every channel on until the guardian changes one, and names the critical types', async () => {
    const world = fakeWorld();
    const { owner } = aFamily(world);
    const view = await getNotificationPreferences(world.deps, owner);
    expect(view.categories.alerts).toEqual({ inbox: true, email: true, push: true });
    expect(view.criticalTypes).toContain('consent.stopped');
  });
});

describe('updateNotificationPreferences', () => {
  it("changes the channels given, keeps the others, and copies the alerts channels onto the user's members", async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const view = await updateNotificationPreferences(world.deps, owner, { alerts: { email: false } });
    expect(view.categories.alerts).toEqual({ inbox: true, email: false, push: true });
    expect(view.categories.consent).toEqual({ inbox: true, email: true, push: true });
    expect((await getNotificationPreferences(world.deps, owner)).categories.alerts.email).toBe(false);
    expect(world.table.families.get(accountUid)?.members[0]?.alertChannels).toEqual({
      inbox: true,
      email: false,
      push: true,
    });
  });
});
