import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { fail } from '../../domain/errors';
import { accountUidOfSeat } from '../../domain/family/uids';
import type { InstantPlace } from '../../domain/pagination/instant-place';
import type { BackofficeLists } from '../../ports/operators';
import type { TableAccess } from './client';
import { toEvent, toSeat, toUser } from './items';
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
  /** A page of one GSI1 listing, newest first; `startOf` is the table key of the place's item. */
  const listing = async (
    index: (at: string, id: string) => { GSI1PK: string; GSI1SK: string },
    startOf: (place: InstantPlace) => Key,
    after: InstantPlace | null,
    limit: number,
  ) => {
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': index('', '').GSI1PK },
        ScanIndexForward: false,
        Limit: limit,
        ...(after === null ? {} : { ExclusiveStartKey: { ...startOf(after), ...index(after.at, after.id) } }),
      }),
    );
    return Items;
  };
  return {
    async users({ after, limit }) {
      return (await listing(keys.userListing, (place) => keys.user(place.id), after, limit)).map(toUser);
    },
    async dependents({ after, limit }) {
      const seatKey = (place: InstantPlace) => {
        const accountUid = accountUidOfSeat(place.id);
        if (accountUid === null)
          throw fail('BAD_REQUEST', undefined, 'The cursor is not valid for this request.');
        return keys.seat(accountUid, place.id);
      };
      return (await listing(keys.dependentListing, seatKey, after, limit)).map(toSeat);
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
