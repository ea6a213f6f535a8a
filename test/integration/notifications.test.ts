import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoInbox } from '../../shared/adapters/dynamo/inbox.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { keys } from '../../shared/adapters/dynamo/keys';
import {
  MAX_DEVICES,
  registerDevice,
  removeDevice,
  unwrapToken,
} from '../../shared/app/notifications/devices';
import { notifyFamily } from '../../shared/app/notifications/notify';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from '../../shared/app/notifications/preferences';
import { handleTrialEnding } from '../../shared/app/notifications/trial-ending';
import type { Family } from '../../shared/domain/family/account';
import type { Member } from '../../shared/domain/family/member';
import { newNotification } from '../../shared/domain/notifications/notification';
import type { OutgoingNotification, PushRegistry, Recipient } from '../../shared/ports/notifications';
import { freshTable } from '../support/table';
import { seatWithPairing } from '../support/seats';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const ids = cryptoIds();
const now = new Date('2026-11-22T10:00:00Z');
const hasher = hmacHasher('test-hash-key');
const deviceKeys = localSeatKeys(Buffer.alloc(32, 7).toString('base64'), 'deviceId');

/** What the senders need, with the e-mails and pushes they hand over collected. */
const senderDeps = (on: TableAccess = table) => {
  const delivered: { notification: OutgoingNotification; recipients: readonly Recipient[] }[] = [];
  return {
    delivered,
    deps: {
      families: dynamoFamilyStore(on),
      ids,
      clock: { now: () => now },
      notificationSettings: dynamoNotificationSettings(on),
      notifier: {
        deliver: async (notification: OutgoingNotification, recipients: readonly Recipient[]) =>
          void delivered.push({ notification, recipients }),
      },
    },
  };
};

/** A family of two guardians (the owner and one more) with a seat in its trial. */
const familyOfTwo = async (): Promise<{ family: Family; owner: Member; guardian: Member }> => {
  const seat = await seatWithPairing(table, ids, now, { status: 'paired', pairedAt: now.toISOString() });
  const families = dynamoFamilyStore(table);
  const loaded = await families.load(seat.accountUid);
  if (loaded === null) throw new Error('no family');
  const guardian: Member = {
    accountUid: seat.accountUid,
    userUid: ids.uid('usr'),
    role: 'guardian',
    relationship: null,
    email: 'g@example.com',
    joinedAt: now.toISOString(),
    version: 0,
  };
  await families.addMember(loaded.account, guardian, null, []);
  await families.saveSeat(
    { ...seat, trial: { startedAt: now.toISOString(), endsAt: '2026-11-29T10:00:00.000Z' } },
    [],
  );
  const family = await families.load(seat.accountUid);
  const owner = family?.members.find((member) => member.role === 'owner');
  if (family === null || owner === undefined) throw new Error('no family');
  return { family, owner, guardian };
};

const inboxTypes = async (userUid: string) =>
  (await dynamoInbox(table).page(userUid, null)).notifications.map((one) => one.type);

describe('notification preferences', () => {
  it('are all on until changed, merged change by change, kept per guardian', async () => {
    const { deps } = senderDeps();
    const caller = { userUid: ids.uid('usr') };
    const initial = await getNotificationPreferences(deps, caller);
    expect(initial.categories.consent).toEqual({ inbox: true, email: true, push: true });
    expect(initial.criticalTypes).toContain('pairing.disconnected');
    await updateNotificationPreferences(deps, caller, { consent: { email: false } });
    const after = await updateNotificationPreferences(deps, caller, { consent: { push: false } });
    expect(after.categories.consent).toEqual({ inbox: true, email: false, push: false });
    expect((await getNotificationPreferences(deps, caller)).categories).toEqual(after.categories);
    expect((await getNotificationPreferences(deps, { userUid: ids.uid('usr') })).categories.consent).toEqual({
      inbox: true,
      email: true,
      push: true,
    });
  });

  it('are read for every recipient in one batch read', async () => {
    const calls: string[] = [];
    const doc = new Proxy(table.doc, {
      get(target, property, receiver) {
        if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
        return (command: Parameters<typeof target.send>[0], ...rest: unknown[]) => {
          calls.push(command.constructor.name);
          return Reflect.apply(target.send, target, [command, ...rest]) as unknown;
        };
      },
    });
    const settings = dynamoNotificationSettings({ ...table, doc });
    const many = await settings.getMany([ids.uid('usr'), ids.uid('usr'), ids.uid('usr')]);
    expect(many.size).toBe(3);
    expect(calls).toEqual(['BatchGetCommand']);
  });
});

describe('every sender', () => {
  it('writes inbox entries and sends e-mail and push only where each guardian allows', async () => {
    const { family, owner, guardian } = await familyOfTwo();
    const { deps, delivered } = senderDeps();
    await updateNotificationPreferences(deps, owner, { account: { inbox: false, email: false } });
    expect(
      await handleTrialEnding(deps, {
        seatUid: family.seats[0]?.uid ?? '',
        trialEndsAt: '2026-11-29T10:00:00.000Z',
      }),
    ).toBe('notified');
    expect(await inboxTypes(owner.userUid)).toEqual([]);
    expect(await inboxTypes(guardian.userUid)).toEqual(['trial.ending']);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.notification).toMatchObject({
      type: 'trial.ending',
      category: 'account',
      personFirstName: 'Bia',
    });
    // The owner's push stays on, but they have no device: nothing reaches them.
    expect(delivered[0]?.recipients).toEqual([
      { userUid: guardian.userUid, email: 'g@example.com', pushEndpoints: [] },
    ]);
  });

  it('lets a critical notification reach the inbox and push whatever the preferences, e-mail as chosen', async () => {
    const { family, owner } = await familyOfTwo();
    const { deps, delivered } = senderDeps();
    const push: PushRegistry = {
      register: async (_p, _t, uid) => `arn:endpoint/${uid}`,
      unregister: async () => undefined,
    };
    const device = await registerDevice(
      { ...deps, hasher, pushRegistry: push, deviceKeys, contentSeal: aesGcmContentSeal },
      owner,
      {
        platform: 'android',
        token: 'fcm-token-of-the-owner-0001',
      },
    );
    await updateNotificationPreferences(deps, owner, {
      connection: { inbox: false, email: false, push: false },
    });
    const seat = family.seats[0];
    if (seat === undefined) throw new Error('no seat');
    const disconnected = newNotification({
      id: ids.ulid(),
      type: 'pairing.disconnected',
      seatUid: seat.uid,
      now,
    });
    const reconnect = newNotification({
      id: ids.ulid(),
      type: 'pairing.reconnect_required',
      seatUid: seat.uid,
      now,
    });
    await notifyFamily(deps, family, [disconnected, reconnect], (inbox) =>
      deps.families.saveSeat(seat, [], { notifications: inbox }),
    );
    expect(await inboxTypes(owner.userUid)).toEqual(['pairing.disconnected']);
    const toOwner = delivered.map(({ notification, recipients }) => [
      notification.type,
      recipients.find((one) => one.userUid === owner.userUid),
    ]);
    expect(toOwner).toEqual([
      [
        'pairing.disconnected',
        { userUid: owner.userUid, email: null, pushEndpoints: [`arn:endpoint/${device.uid}`] },
      ],
      ['pairing.reconnect_required', undefined],
    ]);
  });
});

describe('the trial-ending schedule', () => {
  it('notifies once: a doubled schedule is a duplicate, one for another trial end is stale', async () => {
    const { family } = await familyOfTwo();
    const { deps, delivered } = senderDeps();
    const seatUid = family.seats[0]?.uid ?? '';
    const fired = { seatUid, trialEndsAt: '2026-11-29T10:00:00.000Z' };
    expect(await handleTrialEnding(deps, { ...fired, trialEndsAt: '2026-12-29T10:00:00.000Z' })).toBe(
      'stale',
    );
    const both = await Promise.all([handleTrialEnding(deps, fired), handleTrialEnding(deps, fired)]);
    expect(both.sort()).toEqual(['duplicate', 'notified']);
    expect(await handleTrialEnding(deps, fired)).toBe('duplicate');
    expect(delivered).toHaveLength(1);
  });
});

describe('devices', () => {
  const deviceDeps = (registered: string[], removed: string[]) => ({
    ...senderDeps().deps,
    hasher,
    deviceKeys,
    contentSeal: aesGcmContentSeal,
    pushRegistry: {
      register: async (platform: string, _token: string, uid: string) => {
        registered.push(uid);
        return `arn:aws:sns:sa-east-1:1:endpoint/${platform}/app/${uid}`;
      },
      unregister: async (arn: string) => void removed.push(arn),
    } satisfies PushRegistry,
  });

  it('keep the token hashed and wrapped, never in plain: the same token twice is one device', async () => {
    const registered: string[] = [];
    const removed: string[] = [];
    const deps = deviceDeps(registered, removed);
    const caller = { userUid: ids.uid('usr') };
    const token = 'apns-token-0123456789abcdef0123456789abcdef';
    const first = await registerDevice(deps, caller, { platform: 'ios', token });
    const again = await registerDevice(deps, caller, { platform: 'ios', token });
    expect(again).toEqual(first);
    expect(first).toEqual({ uid: expect.stringMatching(/^dv_/), platform: 'ios' });
    const other = await registerDevice(deps, caller, {
      platform: 'android',
      token: 'fcm-token-other-device-01',
    });
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.notificationSettings(caller.userUid).PK },
      }),
    );
    const stored = JSON.stringify(Items);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('fcm-token-other-device-01');
    expect(stored).toContain(hasher.digest('push-token', token));
    const settings = await deps.notificationSettings.get(caller.userUid);
    expect(settings.devices.map((device) => device.uid)).toEqual([first.uid, other.uid]);
    const wrapped = settings.devices[0]?.wrappedToken ?? '';
    expect(await unwrapToken(deps, first.uid, wrapped)).toBe(token);
    // Bound to its device: the wrapped token of one device does not open as another's.
    await expect(unwrapToken(deps, other.uid, wrapped)).rejects.toThrow();

    await removeDevice(deps, caller, first.uid);
    expect((await deps.notificationSettings.get(caller.userUid)).devices.map((device) => device.uid)).toEqual(
      [other.uid],
    );
    expect(removed).toEqual([`arn:aws:sns:sa-east-1:1:endpoint/ios/app/${first.uid}`]);
    await expect(removeDevice(deps, caller, first.uid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(removeDevice(deps, { userUid: ids.uid('usr') }, other.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('keep at most ten per guardian: an eleventh replaces the oldest, whose endpoint is removed', async () => {
    const registered: string[] = [];
    const removed: string[] = [];
    const deps = deviceDeps(registered, removed);
    const caller = { userUid: ids.uid('usr') };
    const devices = [];
    for (let n = 0; n < MAX_DEVICES + 1; n += 1)
      devices.push(
        await registerDevice(deps, caller, { platform: 'android', token: `fcm-token-number-${n}` }),
      );
    const kept = (await deps.notificationSettings.get(caller.userUid)).devices.map((device) => device.uid);
    expect(kept).toEqual(devices.slice(1).map((device) => device.uid));
    expect(removed).toEqual([`arn:aws:sns:sa-east-1:1:endpoint/android/app/${devices[0]?.uid}`]);
  });
});
