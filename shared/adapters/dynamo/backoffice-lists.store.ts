import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { fail } from '../../domain/errors';
import { accountUidOfSeat } from '../../domain/family/uids';
import type { InstantPlace } from '../../domain/pagination/instant-place';
import type { BackofficeLists } from '../../ports/operators';
import type { TableAccess } from './client';
import {
  consentRow,
  dependentRow,
  toAccount,
  toAccountSubscription,
  toConnection,
  toEvent,
  toMember,
  toUser,
} from './items';
import { keys, type Key } from './keys';

const brokenCursor = () => fail('BAD_REQUEST', undefined, 'The cursor is not valid for this request.');

/** The table and index key of the timeline event at a place (`<instant>#<source>#<event id>`). */
const eventKeyOf = (seatUid: string, place: string) => {
  const accountUid = accountUidOfSeat(seatUid);
  const eventId = place.split('#')[2];
  if (accountUid === null || eventId === undefined || eventId === '') throw brokenCursor();
  return { ...keys.event(accountUid, eventId), ...keys.seatTimeline(seatUid, place) };
};

/** The backoffice's lists: one Query per page, on the index items each entity carries for it. */
export const dynamoBackofficeLists = (table: TableAccess): BackofficeLists => {
  /**
   * A page of one listing on an index, newest first; `startOf` is the table key of the place's item
   * (a cursor naming no item of the list is refused, never read as another place).
   */
  const listing = async <I extends 'GSI1' | 'GSI2'>(
    indexName: I,
    index: (at: string, id: string) => Record<`${I}PK` | `${I}SK`, string>,
    startOf: (place: InstantPlace) => Key,
    after: InstantPlace | null,
    limit: number,
    /** Only these attributes of each item (all when absent). */
    fields?: readonly string[],
  ) => {
    const projected = fields === undefined ? [] : fields.map((field, at) => [`#f${at}`, field] as const);
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': `${indexName}PK`, ...Object.fromEntries(projected) },
        ExpressionAttributeValues: { ':pk': index('', '')[`${indexName}PK`] },
        ...(fields === undefined ? {} : { ProjectionExpression: projected.map(([name]) => name).join(', ') }),
        ScanIndexForward: false,
        Limit: limit,
        ...(after === null ? {} : { ExclusiveStartKey: { ...startOf(after), ...index(after.at, after.id) } }),
      }),
    );
    return Items;
  };
  const seatKey = (place: InstantPlace) => {
    const accountUid = accountUidOfSeat(place.id);
    if (accountUid === null) throw brokenCursor();
    return keys.seat(accountUid, place.id);
  };
  return {
    async users({ after, limit }) {
      return (await listing('GSI1', keys.userListing, (place) => keys.user(place.id), after, limit)).map(
        toUser,
      );
    },
    async dependents({ after, limit }) {
      const items = await listing('GSI1', keys.dependentListing, seatKey, after, limit, dependentRow.fields);
      return items.map(dependentRow.parse);
    },
    async consents({ after, limit }) {
      const items = await listing('GSI2', keys.consentListing, seatKey, after, limit, consentRow.fields);
      return items.map(consentRow.parse);
    },
    async connections({ status, after, limit }) {
      const connectionKey = (place: InstantPlace) => keys.connection(place.id, 'chat');
      const items =
        status === null
          ? await listing('GSI1', keys.connectionListing, connectionKey, after, limit)
          : await listing(
              'GSI2',
              (at, id) => keys.connectionByStatus(status, at, id),
              connectionKey,
              after,
              limit,
            );
      return items.map(toConnection);
    },
    async accounts({ after, limit }) {
      return (
        await listing('GSI1', keys.accountListing, (place) => keys.account(place.id), after, limit)
      ).map(toAccount);
    },
    async customers({ after, limit }) {
      const ownerKey = (place: InstantPlace) => {
        const [accountUid, ownerUid, ...rest] = place.id.split('#');
        if (accountUid === undefined || ownerUid === undefined || ownerUid === '' || rest.length > 0)
          throw brokenCursor();
        return keys.member(accountUid, ownerUid);
      };
      return (await listing('GSI2', keys.customerListing, ownerKey, after, limit)).map(toMember);
    },
    async subscriptions({ after, limit }) {
      return (
        await listing('GSI1', keys.subscriptionListing, (place) => keys.subscription(place.id), after, limit)
      ).map(toAccountSubscription);
    },
    async timeline(seatUid, { after, limit }) {
      const start = after === null ? null : eventKeyOf(seatUid, after);
      const { Items = [] } = await table.doc.send(
        new QueryCommand({
          TableName: table.tableName,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.seatTimeline(seatUid, '').GSI2PK },
          ScanIndexForward: false,
          Limit: limit,
          ...(start === null ? {} : { ExclusiveStartKey: start }),
        }),
      );
      return Items.map(toEvent);
    },
  };
};
