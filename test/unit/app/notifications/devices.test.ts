import { describe, expect, it } from 'vitest';
import {
  MAX_DEVICES,
  registerDevice,
  removeDevice,
  unwrapToken,
} from '../../../../shared/app/notifications/devices';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily } from '../../../support/fakes/seed';

describe('registerDevice', () => {
  it('makes the push endpoint and keeps the token only hashed and wrapped', async () => {
    const world = fakeWorld();
    const { owner } = aFamily(world);
    const device = await registerDevice(world.deps, owner, { platform: 'ios', token: 'apns-token-1' });
    const [kept] = (await world.deps.notificationSettings.get(owner.userUid)).devices;
    expect(kept).toMatchObject({
      uid: device.uid,
      platform: 'ios',
      endpointArn: `endpoint:ios:${device.uid}`,
    });
    expect(JSON.stringify(kept)).not.toContain('apns-token-1');
    expect(await unwrapToken(world.deps, device.uid, kept?.wrappedToken ?? '')).toBe('apns-token-1');
  });

  it('is the same device for the same token twice', async () => {
    const world = fakeWorld();
    const { owner } = aFamily(world);
    const first = await registerDevice(world.deps, owner, { platform: 'android', token: 't' });
    const again = await registerDevice(world.deps, owner, { platform: 'android', token: 't' });
    expect(again.uid).toBe(first.uid);
    expect((await world.deps.notificationSettings.get(owner.userUid)).devices).toHaveLength(1);
  });

  it('replaces the oldest device beyond the most a guardian may have, removing its endpoint', async () => {
    const world = fakeWorld();
    const { owner } = aFamily(world);
    const first = await registerDevice(world.deps, owner, { platform: 'ios', token: 'token-0' });
    for (let n = 1; n <= MAX_DEVICES; n += 1)
      await registerDevice(world.deps, owner, { platform: 'ios', token: `token-${n}` });
    const devices = (await world.deps.notificationSettings.get(owner.userUid)).devices;
    expect(devices).toHaveLength(MAX_DEVICES);
    expect(devices.map((device) => device.uid)).not.toContain(first.uid);
    expect(world.deps.pushRegistry.registered.has(`endpoint:ios:${first.uid}`)).toBe(false);
  });
});

describe('removeDevice', () => {
  it('stops push to the device; another user’s device is 404', async () => {
    const world = fakeWorld();
    const { owner } = aFamily(world);
    const device = await registerDevice(world.deps, owner, { platform: 'ios', token: 't' });
    await expect(removeDevice(world.deps, { userUid: 'usr_other' }, device.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await removeDevice(world.deps, owner, device.uid);
    expect((await world.deps.notificationSettings.get(owner.userUid)).devices).toEqual([]);
    expect(world.deps.pushRegistry.registered.size).toBe(0);
  });
});
