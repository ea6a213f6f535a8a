import { fail } from '../../domain/errors';
import type { ContentSeal } from '../../ports/content-seal';
import type { SeatKeys } from '../../ports/consent';
import type { Device, DevicePlatform } from '../../ports/notifications';
import type { Caller, Deps } from '../deps';
import { retryOnConflict } from '../retry-on-conflict';

type DeviceDeps = Pick<Deps, 'notificationSettings' | 'pushRegistry' | 'hasher' | 'ids' | 'clock'>;

/** At most this many devices per guardian: a new one beyond it replaces the oldest (its endpoint removed). */
export const MAX_DEVICES = 10;

/** What binds a wrapped token to its device: a wrapped token copied to another device does not open. */
const bindingOf = (deviceUid: string) => ({ seatId: `device:${deviceUid}`, messageId: 'push-token' });

/**
 * A push token wrapped at rest with the envelope encryption seat data keys use, under the device
 * key (never the seat key: registering a device must not hold a key that opens content): a data key
 * of its own, the token sealed under it, both bound to the device.
 */
export const wrapToken = async (
  deps: { deviceKeys: SeatKeys; contentSeal: ContentSeal },
  deviceUid: string,
  token: string,
): Promise<string> => {
  const { seatId, messageId } = bindingOf(deviceUid);
  const wrappedKey = await deps.deviceKeys.create(deviceUid);
  const sealed = deps.contentSeal.seal(
    await deps.deviceKeys.open(deviceUid, wrappedKey),
    { seatId, messageId },
    token,
  );
  return [
    wrappedKey,
    Buffer.from(sealed.iv).toString('base64url'),
    Buffer.from(sealed.ciphertext).toString('base64url'),
  ].join('.');
};

/** The token of a wrapped one, for a new endpoint if the platform drops one. */
export const unwrapToken = async (
  deps: { deviceKeys: SeatKeys; contentSeal: ContentSeal },
  deviceUid: string,
  wrapped: string,
): Promise<string> => {
  const [wrappedKey = '', iv = '', ciphertext = ''] = wrapped.split('.');
  const { seatId, messageId } = bindingOf(deviceUid);
  return deps.contentSeal.open(
    await deps.deviceKeys.open(deviceUid, wrappedKey),
    { seatId, messageId },
    {
      iv: Buffer.from(iv, 'base64url'),
      ciphertext: Buffer.from(ciphertext, 'base64url'),
    },
  );
};

const deviceView = (device: Device) => ({ uid: device.uid, platform: device.platform });

/**
 * `POST /me/devices`: the device that receives the caller's push. The token is found again by its
 * keyed hash, so the same token twice is the same device (its platform as last given); the push
 * endpoint is made before the write (the platform gives the same endpoint for the same token).
 */
export const registerDevice = async (
  deps: DeviceDeps & { deviceKeys: SeatKeys; contentSeal: ContentSeal },
  caller: Caller,
  input: { platform: DevicePlatform; token: string },
) => {
  const tokenHash = deps.hasher.digest('push-token', input.token);
  const { device, dropped } = await retryOnConflict(async () => {
    const settings = await deps.notificationSettings.get(caller.userUid);
    const known = settings.devices.find((one) => one.tokenHash === tokenHash);
    if (known !== undefined && known.platform === input.platform) return { device: known, dropped: [] };
    const uid = known?.uid ?? deps.ids.uid('dv');
    const added: Device = {
      uid,
      platform: input.platform,
      tokenHash,
      wrappedToken: await wrapToken(deps, uid, input.token),
      endpointArn: await deps.pushRegistry.register(input.platform, input.token, uid),
      createdAt: known?.createdAt ?? deps.clock.now().toISOString(),
    };
    const others = settings.devices.filter((one) => one.uid !== uid);
    const kept = others.slice(Math.max(0, others.length - (MAX_DEVICES - 1)));
    await deps.notificationSettings.saveDevices(caller.userUid, settings.devicesRevision, [...kept, added]);
    return { device: added, dropped: others.filter((one) => !kept.includes(one)) };
  });
  for (const old of dropped) await deps.pushRegistry.unregister(old.endpointArn);
  return deviceView(device);
};

/** `DELETE /me/devices/{uid}`: push to that device stops; another user's device is 404. */
export const removeDevice = async (deps: DeviceDeps, caller: Caller, deviceUid: string) => {
  const removed = await retryOnConflict(async () => {
    const settings = await deps.notificationSettings.get(caller.userUid);
    const device = settings.devices.find((one) => one.uid === deviceUid);
    if (device === undefined) throw fail('NOT_FOUND');
    await deps.notificationSettings.saveDevices(
      caller.userUid,
      settings.devicesRevision,
      settings.devices.filter((one) => one.uid !== deviceUid),
    );
    return device;
  });
  await deps.pushRegistry.unregister(removed.endpointArn);
};
