import { beforeAll, describe, expect, it } from 'vitest';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoNotificationSettings } from '../../shared/adapters/dynamo/notification-settings.store';
import { newUserItems, transact } from '../../shared/adapters/dynamo/transact';
import { dynamoUserStore } from '../../shared/adapters/dynamo/user.store';
import { createAccount, inviteMember, listAccounts } from '../../shared/app/accounts/accounts';
import { emailHashOf } from '../../shared/app/auth/sign-in';
import { getProtection } from '../../shared/app/seats/protection-card';
import { updateProfile } from '../../shared/app/me/profile';
import { updateNotificationPreferences } from '../../shared/app/notifications/preferences';
import { newSeat } from '../../shared/domain/family/seat';
import { seatUidFor } from '../../shared/domain/family/uids';
import { newUser } from '../../shared/domain/users/user';
import { counted, freshTable } from '../support/table';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const ids = cryptoIds();
const now = new Date('2026-11-20T15:00:00Z');
const hasher = hmacHasher('test-hash-key');
const depsOn = (access: TableAccess) => ({
  families: dynamoFamilyStore(access),
  users: dynamoUserStore(access),
  notificationSettings: dynamoNotificationSettings(access),
  ids,
  hasher,
  clock: { now: () => now },
});

/** A user made as sign-up makes one, and the family they create with a pending seat. */
const familyOfNewUser = async (email: string) => {
  const user = newUser({ uid: ids.uid('usr'), email, now });
  await transact(table, newUserItems(table, { user, emailHash: emailHashOf({ hasher }, email) }));
  const deps = depsOn(table);
  const caller = { userUid: user.uid };
  const { uid: accountUid } = await createAccount(deps, caller, { name: 'Silva' });
  const seat = newSeat({
    uid: seatUidFor(accountUid, ids.randomPart(16)),
    seatId: ids.ulid(),
    accountUid,
    price: { amount: 1, currency: 'BRL' },
    now,
  });
  await deps.families.addSeat(seat, []);
  return { user, caller, accountUid, seatUid: seat.uid };
};

describe('the protection card', () => {
  it('draws its recipients from the family read alone: the copy of each name and alerts channels', async () => {
    const { user, caller, seatUid } = await familyOfNewUser('ana@example.com');
    const deps = depsOn(table);

    const read = counted(table);
    const first = await getProtection(depsOn(read.table), caller, seatUid);
    expect(read.sent.calls).toBe(1);
    expect(first.recipients).toEqual([
      {
        memberUid: user.uid,
        name: 'ana@example.com',
        role: 'owner',
        channels: { inbox: true, email: true, push: true },
      },
    ]);

    await updateProfile(deps, caller, { name: 'Ana Souza' });
    await updateNotificationPreferences(deps, caller, { alerts: { email: false } });
    const again = counted(table);
    const card = await getProtection(depsOn(again.table), caller, seatUid);
    expect(again.sent.calls).toBe(1);
    expect(card.recipients).toEqual([
      {
        memberUid: user.uid,
        name: 'Ana Souza',
        role: 'owner',
        channels: { inbox: true, email: false, push: true },
      },
    ]);
  });

  it('copies onto every family of the user, and a new family starts from the user’s choices', async () => {
    const { caller, accountUid, seatUid } = await familyOfNewUser('bia@example.com');
    const deps = depsOn(table);
    await updateProfile(deps, caller, { name: 'Bia' });
    await updateNotificationPreferences(deps, caller, { alerts: { push: false } });
    const { uid: second } = await createAccount(deps, caller, { name: 'Lima' });
    expect((await listAccounts(deps, caller)).map((account) => account.uid)).toContain(second);
    await updateNotificationPreferences(deps, caller, { alerts: { inbox: false } });

    const expected = { name: 'Bia', alertChannels: { inbox: false, email: true, push: false } };
    for (const each of [accountUid, second]) {
      const family = await deps.families.load(each);
      expect(family?.members[0]).toMatchObject(expected);
    }
    const card = await getProtection(deps, caller, seatUid);
    expect(card.recipients[0]).toMatchObject({
      name: 'Bia',
      channels: { inbox: false, email: true, push: false },
    });
  });

  it('gives an invited user who exists their name and alerts channels on the new member item', async () => {
    const { caller, accountUid, seatUid } = await familyOfNewUser('dora@example.com');
    const other = await familyOfNewUser('edu@example.com');
    const deps = depsOn(table);
    await updateProfile(deps, other.caller, { name: 'Edu' });
    await updateNotificationPreferences(deps, other.caller, { alerts: { push: false } });
    const invited = await inviteMember(deps, caller, accountUid, { email: 'edu@example.com' });
    expect(invited.uid).toBe(other.user.uid);

    const read = counted(table);
    const card = await getProtection(depsOn(read.table), caller, seatUid);
    expect(read.sent.calls).toBe(1);
    expect(card.recipients.map(({ name, role, channels }) => ({ name, role, channels }))).toEqual([
      { name: 'dora@example.com', role: 'owner', channels: { inbox: true, email: true, push: true } },
      { name: 'Edu', role: 'guardian', channels: { inbox: true, email: true, push: false } },
    ]);
  });

  it('reads the settings and profiles of members written before the copy was kept, in one more call', async () => {
    const { user, caller, accountUid, seatUid } = await familyOfNewUser('caio@example.com');
    const deps = depsOn(table);
    await updateProfile(deps, caller, { name: 'Caio' });
    const family = await deps.families.load(accountUid);
    const owner = family?.members[0];
    if (family === null || owner === undefined) throw new Error('no family');
    // As the member item was before the copy: no name, no channels.
    const { name: _, alertChannels: __, ...older } = owner;
    await deps.families.saveMember(family.account, older, []);

    const read = counted(table);
    const card = await getProtection(depsOn(read.table), caller, seatUid);
    expect(read.sent.calls).toBe(2);
    expect(card.recipients).toEqual([
      {
        memberUid: user.uid,
        name: 'Caio',
        role: 'owner',
        channels: { inbox: true, email: true, push: true },
      },
    ]);
  });
});
