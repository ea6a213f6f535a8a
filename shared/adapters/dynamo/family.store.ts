import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Family } from '../../domain/family/account';
import type { Member } from '../../domain/family/member';
import type { Seat } from '../../domain/family/seat';
import type { FamilyStore, MembershipSummary } from '../../ports/stores';
import type { TableAccess } from './client';
import { accountToItem, memberItem, memberToItem, seatToItem, toAccount, toMember, toSeat } from './items';
import { itemTypes, keys } from './keys';
import { eventRows, newUserItems, putNew, putVersioned, transact } from './transact';
import * as z from 'zod';

const itemType = z.object({ type: z.string() }).loose();

/** Reads every page of a query: a family's partition is small, but nothing is silently cut. */
const queryAll = async (
  table: TableAccess,
  input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>,
) => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.send(
      new QueryCommand({
        ...input,
        TableName: table.tableName,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
  return items;
};

export const dynamoFamilyStore = (table: TableAccess): FamilyStore => ({
  async load(accountUid) {
    const items = await queryAll(table, {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.accountPartition(accountUid) },
      ConsistentRead: true,
    });
    let family: Family | null = null;
    const members: Member[] = [];
    const seats: Seat[] = [];
    for (const item of items) {
      const { type } = itemType.parse(item);
      if (type === itemTypes.account) family = { account: toAccount(item), members, seats };
      else if (type === itemTypes.member) members.push(toMember(item));
      else if (type === itemTypes.seat) seats.push(toSeat(item));
    }
    return family;
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

  async saveSeat(seat, events) {
    const { item, saved } = putVersioned(table, seatToItem, seat);
    await transact(table, [item, ...eventRows(table, events)]);
    return saved;
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
