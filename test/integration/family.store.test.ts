import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoUserStore } from '../../shared/adapters/dynamo/user.store';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { newEvent } from '../../shared/domain/events/event';
import type { Member } from '../../shared/domain/family/member';
import { StaleWrite } from '../../shared/domain/errors';
import { newSeat } from '../../shared/domain/family/seat';
import { openSubscription } from '../../shared/domain/family/subscription';
import { seatUidFor } from '../../shared/domain/family/uids';
import { newUser } from '../../shared/domain/users/user';
import { freshTable } from '../support/table';
import { newAccountWithOwner } from '../support/family';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const ids = cryptoIds();
const now = new Date('2026-11-22T10:00:00Z');
const event = (type: string, accountId: string, seat?: { seatId: string; uid: string }) =>
  newEvent({ source: 'api', ulid: ids.ulid, now }, { type, accountId, ...(seat ? { seat } : {}) });
const eventsOf = async (accountId: string) =>
  (
    await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `EVENTS#${accountId}` },
      }),
    )
  ).Items ?? [];

const seatIn = (accountUid: string) =>
  newSeat({
    uid: seatUidFor(accountUid, ids.randomPart(16)),
    seatId: ids.ulid(),
    accountUid,
    price: { amount: 1, currency: 'BRL' },
    now,
  });

const family = async () => {
  const families = dynamoFamilyStore(table);
  const { account, owner } = newAccountWithOwner(ids, now);
  await families.createAccount(account, owner, [event('account.created', account.uid)]);
  return { families, account, owner };
};

describe('the family store', () => {
  it('writes the account, its owner and the event row together, and loads the family in one query', async () => {
    const { families, account, owner } = await family();
    const loaded = await families.load(account.uid);
    expect(loaded).toEqual({
      account,
      members: [owner],
      seats: [],
      subscription: null,
      excerptViews: [],
      dayTallies: [],
    });
    expect((await eventsOf(account.uid)).map((item) => item['eventType'])).toEqual(['account.created']);
    expect(await families.listForUser(owner.userUid)).toEqual([
      { accountUid: account.uid, name: 'Silva', role: 'owner' },
    ]);
  });

  it('adds a seat only to an account that exists', async () => {
    const { families, account } = await family();
    const seat = seatIn(account.uid);
    await families.addSeat(seat, [event('seat.created', account.uid, seat)]);
    expect((await families.load(account.uid))?.seats).toEqual([seat]);

    const orphanAccount = ids.uid('acc');
    const orphan = { ...seat, uid: seatUidFor(orphanAccount, ids.randomPart(16)), accountUid: orphanAccount };
    await expect(
      families.addSeat(orphan, [event('seat.created', orphanAccount, orphan)]),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await eventsOf(orphanAccount)).toEqual([]);
  });

  it('saves a seat only if nobody changed it since it was read (optimistic concurrency), events with it', async () => {
    const { families, account } = await family();
    const seat = seatIn(account.uid);
    await families.addSeat(seat, []);
    const saved = await families.saveSeat({ ...seat, status: 'archived' }, [
      event('seat.archived', account.uid, seat),
    ]);
    expect(saved.version).toBe(1);
    // A second writer still holding version 0 loses, and its event row is not written either.
    await expect(
      families.saveSeat({ ...seat, status: 'archived' }, [event('seat.archived', account.uid, seat)]),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(
      (await eventsOf(account.uid)).filter((item) => item['eventType'] === 'seat.archived'),
    ).toHaveLength(1);
  });

  it('opens the subscription once, and replaces it only from the version read', async () => {
    const { families, account } = await family();
    const seat = seatIn(account.uid);
    await families.addSeat(seat, []);
    const opened = openSubscription({ interval: 'monthly', campaignCode: null, now });
    const saved = await families.saveSeat(seat, [], { subscription: { value: opened, mode: 'new' } });
    // A second first activation, which read no subscription, finds it opened meanwhile.
    await expect(
      families.saveSeat(saved, [], { subscription: { value: opened, mode: 'new' } }),
    ).rejects.toBeInstanceOf(StaleWrite);
    const withCampaign = { ...opened, campaignCode: 'WELCOME10' };
    const again = await families.saveSeat(saved, [], {
      subscription: { value: withCampaign, mode: 'replace' },
    });
    expect((await families.load(account.uid))?.subscription).toEqual({ ...withCampaign, version: 1 });
    // A writer that read version 0 (before the campaign) would lose the campaign: it is refused.
    const trial = { ...opened, trialEndsAt: now.toISOString() };
    await expect(
      families.saveSeat(again, [], { subscription: { value: trial, mode: 'replace' } }),
    ).rejects.toBeInstanceOf(StaleWrite);
    expect((await families.load(account.uid))?.subscription?.campaignCode).toBe('WELCOME10');
  });

  it('never removes the owner, even if asked directly', async () => {
    const { families, account, owner } = await family();
    await expect(families.removeMember(account, owner, [])).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('stores events in the account partition in ULID order with the seat’s public uid beside its internal id', async () => {
    const { families, account } = await family();
    const seat = seatIn(account.uid);
    const events = [
      event('seat.created', account.uid, seat),
      event('seat.dependent_updated', account.uid, seat),
    ];
    await families.addSeat(seat, events);
    const rows = await eventsOf(account.uid);
    expect(rows.map((row) => row['id'])).toEqual([...rows.map((row) => row['id'] as string)].sort());
    expect(rows.at(-1)).toMatchObject({
      type: 'event',
      eventType: 'seat.dependent_updated',
      seatId: seat.seatId,
      seatUid: seat.uid,
      source: 'api',
      accountId: account.uid,
    });
  });
});

describe('the user store', () => {
  it('makes an e-mail unique: a second user for the same address is refused', async () => {
    const families = dynamoFamilyStore(table);
    const users = dynamoUserStore(table);
    const { account } = await family();
    const user = newUser({ uid: ids.uid('usr'), email: 'dup@example.com', now });
    const member = (uid: string): Member => ({
      accountUid: account.uid,
      userUid: uid,
      role: 'guardian',
      relationship: null,
      email: 'dup@example.com',
      joinedAt: '',
      version: 0,
    });
    await families.addMember(account, member(user.uid), { user, emailHash: 'hash-dup' }, []);
    expect(await users.uidByEmailHash('hash-dup')).toBe(user.uid);
    const twin = newUser({ uid: ids.uid('usr'), email: 'dup@example.com', now });
    await expect(
      families.addMember(account, member(twin.uid), { user: twin, emailHash: 'hash-dup' }, []),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('saves a profile conditioned on its version', async () => {
    const users = dynamoUserStore(table);
    const families = dynamoFamilyStore(table);
    const { account } = await family();
    const user = newUser({ uid: ids.uid('usr'), email: 'p@example.com', now });
    await families.addMember(
      account,
      {
        accountUid: account.uid,
        userUid: user.uid,
        role: 'guardian',
        relationship: null,
        email: user.email,
        joinedAt: '',
        version: 0,
      },
      { user, emailHash: ids.uid('h') },
      [],
    );
    const saved = await users.saveProfile({ ...user, name: 'Ana' }, []);
    expect(await users.get(user.uid)).toEqual(saved);
    await expect(users.saveProfile({ ...user, name: 'Stale' }, [])).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('copies a new name onto the user’s member items, moving their version', async () => {
    const users = dynamoUserStore(table);
    const families = dynamoFamilyStore(table);
    const { account } = await family();
    const user = newUser({ uid: ids.uid('usr'), email: 'c@example.com', now });
    const joined = {
      accountUid: account.uid,
      userUid: user.uid,
      role: 'guardian' as const,
      relationship: null,
      email: user.email,
      joinedAt: now.toISOString(),
      version: 0,
    };
    await families.addMember(account, joined, { user, emailHash: ids.uid('h') }, []);
    await users.saveProfile({ ...user, name: 'Carla' }, [account.uid]);
    const copied = (await families.load(account.uid))?.members.find((each) => each.userUid === user.uid);
    expect(copied).toMatchObject({ name: 'Carla', version: 1 });
    // A member write decided on the copy before it conflicts.
    await expect(families.saveMember(account, joined, [])).rejects.toMatchObject({ code: 'CONFLICT' });
    // A family the user left: the copy finds no member and the whole write is refused.
    await expect(
      users.saveProfile({ ...user, name: 'Gone', version: 1 }, [account.uid, 'acc_left']),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('members in the store', () => {
  it('change only from the version read: a stale writer conflicts', async () => {
    const { families, account, owner } = await family();
    const guardian: Member = { ...owner, userUid: ids.uid('usr'), role: 'guardian', email: 'g@example.com' };
    await families.addMember(account, guardian, null, []);
    const saved = await families.saveMember(account, { ...guardian, relationship: 'sibling' }, []);
    expect(saved.version).toBe(1);
    await expect(
      families.saveMember(account, { ...guardian, relationship: 'parent' }, []),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(families.removeMember(account, guardian, [])).rejects.toMatchObject({ code: 'CONFLICT' });
    await families.removeMember(account, saved, []);
    expect((await families.load(account.uid))?.members).toEqual([owner]);
  });
});
