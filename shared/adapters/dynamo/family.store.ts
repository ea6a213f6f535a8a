import { GetCommand, paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ExcerptViewDay } from '../../domain/alerts/excerpt-views';
import type { Family } from '../../domain/family/account';
import type { Member } from '../../domain/family/member';
import type { Seat } from '../../domain/family/seat';
import { dayTallyExpiry, type DayTally } from '../../domain/family/week';
import type { Subscription } from '../../domain/family/subscription';
import type { DataKeyChange, FamilyStore, MembershipSummary } from '../../ports/stores';
import type { TableAccess } from './client';
import {
  accountToItem,
  alertToItem,
  auditEntryToItem,
  connectionToItem,
  consentLinkItem,
  memberItem,
  memberToItem,
  seatToItem,
  subscriptionToItem,
  toAccount,
  toMember,
  toSeat,
  toExcerptViewDay,
  toDayTally,
  toSubscription,
} from './items';
import { overviewUpdate } from './overview.store';
import { inboxEntriesOf } from './inbox.store';
import { keptMessageItems } from './message.store';
import { itemTypes, keys } from './keys';
import { historyQueueItems } from './history-queue';
import { wrappedKeyWrites } from './wrapped-keys.store';
import { releaseSlot, takeSlot } from './proxy-pool';
import { connectionOf } from '../../domain/operators/connection';
import {
  eventRows,
  guards,
  newUserItems,
  put,
  putNew,
  putVersioned,
  transact,
  type TransactItem,
} from './transact';
import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';

const itemType = onFirstUse(() => z.looseObject({ type: z.string() }));

/** Reads every page of a query: a family's partition is small, but nothing is silently cut. */
const queryAll = async (table: TableAccess, input: Omit<QueryCommandInput, 'TableName'>) => {
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateQuery({ client: table.doc }, { ...input, TableName: table.tableName })) {
    items.push(...(page.Items ?? []));
  }
  return items;
};

/** Adds a change's time to its day's tally: additions commute, so concurrent days never conflict. */
const dayTallyUpdate = (table: TableAccess, accountUid: string, day: DayTally): TransactItem => ({
  Update: {
    TableName: table.tableName,
    Key: keys.dayTally(accountUid, day.seatUid, day.date),
    UpdateExpression:
      'ADD watchedMs :watched, connectedMs :connected, pausedMs :paused, drops :drops ' +
      'SET #type = :type, seatUid = :seatUid, #date = :date, #ttl = :ttl',
    ExpressionAttributeNames: { '#type': 'type', '#date': 'date', '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':watched': day.watchedMs,
      ':connected': day.connectedMs,
      ':paused': day.pausedMs,
      ':drops': day.drops,
      ':type': itemTypes.dayTally,
      ':seatUid': day.seatUid,
      ':date': day.date,
      ':ttl': dayTallyExpiry(day.date),
    },
  },
});

/**
 * The seat item's data key may move only with its wrapped copy: a write that makes one finds the
 * item without a key, and a write that neither makes nor destroys one finds the item naming the
 * same key (else `StaleWrite`). So no seat write can drop a key's id and leave its copy behind.
 */
const dataKeyGuard = (seat: Seat, change: DataKeyChange | undefined) => {
  const none = {
    expression: '(attribute_not_exists(#dataKeyId) OR attribute_type(#dataKeyId, :null))',
    values: { ':null': 'NULL' },
  };
  if (change?.kind === 'destroyed') return null;
  if (change?.kind === 'made' || seat.dataKeyId === null) return none;
  return { expression: '#dataKeyId = :dataKeyId', values: { ':dataKeyId': seat.dataKeyId } };
};

const guarded = (item: TransactItem, guard: ReturnType<typeof dataKeyGuard>): TransactItem => {
  if (guard === null || item.Put === undefined) return item;
  const { Put } = item;
  return {
    Put: {
      ...Put,
      ConditionExpression: `${Put.ConditionExpression ?? guards.exists} AND ${guard.expression}`,
      ExpressionAttributeNames: { ...Put.ExpressionAttributeNames, '#dataKeyId': 'dataKeyId' },
      ExpressionAttributeValues: { ...Put.ExpressionAttributeValues, ...guard.values },
    },
  };
};

/**
 * The family's items in the single table. A seat's data key is made or destroyed with the seat
 * (`SeatChangeExtras.dataKey`): its wrapped copy goes into, or out of, `seatKeysTable` in the same
 * transaction (only the groups that make or destroy keys are given it, and may write there).
 */
export const dynamoFamilyStore = (
  table: TableAccess,
  options: { seatKeysTable?: string | undefined } = {},
): FamilyStore => ({
  async load(accountUid) {
    const items = await queryAll(table, {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.accountPartition(accountUid) },
      ConsistentRead: true,
    });
    let account: Family['account'] | null = null;
    let subscription: Subscription | null = null;
    const members: Member[] = [];
    const seats: Seat[] = [];
    const excerptViews: ExcerptViewDay[] = [];
    const dayTallies: DayTally[] = [];
    for (const item of items) {
      const { type } = itemType.parse(item);
      if (type === itemTypes.account) account = toAccount(item);
      else if (type === itemTypes.member) members.push(toMember(item));
      else if (type === itemTypes.seat) seats.push(toSeat(item));
      else if (type === itemTypes.subscription) subscription = toSubscription(item);
      else if (type === itemTypes.excerptViewDay) excerptViews.push(toExcerptViewDay(item));
      else if (type === itemTypes.dayTally) dayTallies.push(toDayTally(item));
    }
    return account === null ? null : { account, members, seats, subscription, excerptViews, dayTallies };
  },

  async listForUser(userUid) {
    const items = await queryAll(table, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :member)',
      ExpressionAttributeValues: { ':pk': keys.membershipsOfUser(userUid), ':member': 'MEMBER#' },
    });
    return items.map((item): MembershipSummary => {
      const member = memberItem.parse(item);
      return { accountUid: member.accountUid, name: member.accountName, role: member.role };
    });
  },

  async createAccount(account, owner, events) {
    await transact(table, [
      putNew(table, accountToItem(account)),
      putNew(table, memberToItem(owner, account.name)),
      ...eventRows(table, events),
    ]);
  },

  async addSeat(seat, events) {
    if (seat.dataKeyId !== null) throw new Error('a new seat has no data key yet');
    await transact(table, [
      putNew(table, seatToItem(seat)),
      {
        ConditionCheck: {
          TableName: table.tableName,
          Key: keys.account(seat.accountUid),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      ...eventRows(table, events),
    ]);
  },

  async saveSeat(seat, events, also = {}) {
    const { item, saved } = putVersioned(table, seatToItem, seat);
    const extras: TransactItem[] = [];
    if (also.dataKey !== undefined) {
      if (options.seatKeysTable === undefined) throw new Error('no seat keys table to write the data key to');
      extras.push(wrappedKeyWrites(options.seatKeysTable, seat, also.dataKey));
    }
    // The backoffice's connection row goes with the seat it shows (guarded by the seat's version).
    const connection = connectionOf(seat);
    if (connection !== null) extras.push(put(table, connectionToItem(connection)));
    if (also.consentLink !== undefined) {
      extras.push(
        putNew(table, {
          ...keys.consentLink(also.consentLink.tokenHash),
          type: itemTypes.consentLink,
          accountUid: seat.accountUid,
          seatUid: seat.uid,
          requestId: also.consentLink.requestId,
        }),
      );
    }
    if (also.subscription !== undefined) {
      const { value, mode } = also.subscription;
      const toItem = (subscription: Subscription) => subscriptionToItem(seat.accountUid, subscription);
      extras.push(mode === 'new' ? putNew(table, toItem(value)) : putVersioned(table, toItem, value).item);
    }
    if (also.notifications !== undefined) extras.push(...inboxEntriesOf(table, also.notifications));
    if (also.releaseProxy !== undefined) extras.push(releaseSlot(table, also.releaseProxy));
    if (also.takeProxy !== undefined) extras.push(takeSlot(table, also.takeProxy));
    if (also.providerEvent !== undefined) {
      extras.push(
        putNew(table, {
          ...keys.providerEvent(also.providerEvent.id),
          type: itemTypes.providerEvent,
          ttl: also.providerEvent.expiresAtSeconds,
        }),
      );
    }
    for (const { alert, before } of also.alerts ?? []) {
      const alertItem = alertToItem(seat.accountUid, alert);
      extras.push(
        before === null ? putNew(table, alertItem) : put(table, alertItem, { expression: guards.exists }),
      );
    }
    if (also.message !== undefined) extras.push(...keptMessageItems(table, also.message));
    for (const day of also.days ?? []) extras.push(dayTallyUpdate(table, seat.accountUid, day));
    if (also.audit !== undefined) extras.push(putNew(table, auditEntryToItem(also.audit)));
    if (also.overview !== undefined) extras.push(overviewUpdate(table, seat.uid, also.overview));
    if (also.history !== undefined) extras.push(...historyQueueItems(table, also.history));
    await transact(table, [
      guarded(item, dataKeyGuard(seat, also.dataKey)),
      ...extras,
      ...eventRows(table, events),
    ]);
    return saved;
  },

  async handledProviderEvent(eventId) {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.providerEvent(eventId), ConsistentRead: true }),
    );
    return Item !== undefined;
  },

  async keepMessage(seat, kept) {
    await transact(table, [
      {
        ConditionCheck: {
          TableName: table.tableName,
          Key: keys.seat(seat.accountUid, seat.uid),
          ConditionExpression: `${guards.exists} AND #status = :active AND #dataKey = :dataKey`,
          ExpressionAttributeNames: { '#status': 'status', '#dataKey': 'dataKeyId' },
          ExpressionAttributeValues: { ':active': 'active', ':dataKey': seat.dataKeyId },
        },
      },
      ...keptMessageItems(table, kept),
    ]);
  },

  async findConsentLink(tokenHash) {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.consentLink(tokenHash), ConsistentRead: true }),
    );
    if (Item === undefined) return null;
    const { type: _, ...target } = consentLinkItem.parse(Item);
    return target;
  },

  async openSubscription(account, subscription, events) {
    await transact(table, [
      putNew(table, subscriptionToItem(account.uid, subscription)),
      {
        ConditionCheck: {
          TableName: table.tableName,
          Key: keys.account(account.uid),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      ...eventRows(table, events),
    ]);
  },

  async addMember(account, member, newUser, events) {
    await transact(table, [
      putNew(table, memberToItem(member, account.name)),
      ...newUserItems(table, newUser),
      ...eventRows(table, events),
    ]);
  },

  async saveMember(account, member, events) {
    const { item, saved } = putVersioned(table, (value: Member) => memberToItem(value, account.name), member);
    await transact(table, [item, ...eventRows(table, events)]);
    return saved;
  },

  async removeMember(account, member, events) {
    await transact(table, [
      {
        Delete: {
          TableName: table.tableName,
          Key: keys.member(account.uid, member.userUid),
          ConditionExpression: 'attribute_exists(PK) AND #role <> :owner AND #version = :expectedVersion',
          ExpressionAttributeNames: { '#role': 'role', '#version': 'version' },
          ExpressionAttributeValues: { ':owner': 'owner', ':expectedVersion': member.version },
        },
      },
      ...eventRows(table, events),
    ]);
  },
});
