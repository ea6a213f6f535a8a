import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { excerptViewDayExpiry, utcDay } from '../../domain/alerts/excerpt-views';
import type { AlertPageQuery, AlertStore } from '../../ports/alerts';
import type { TableAccess } from './client';
import { toAlertRecord } from './items';
import { itemTypes, keys } from './keys';
import { putNew, transact } from './transact';

type PageQuery = Pick<
  QueryCommandInput,
  | 'IndexName'
  | 'KeyConditionExpression'
  | 'ExpressionAttributeValues'
  | 'ExclusiveStartKey'
  | 'ConsistentRead'
>;

/**
 * The one Query of a page: each filter has its own partition (the base table for none, GSI1 by
 * status, GSI2 by seat, GSI3 by seat and status), sorted by alert uid, so a page is read newest
 * first from where the previous one ended. The start key is rebuilt from the last uid: the item's
 * table key and, on an index, its index key. Only the base table reads strongly consistent (an index
 * cannot): a decision made a moment ago may show under its old status for a moment.
 */
const pageQuery = ({ accountUid, status, seatUid, after }: AlertPageQuery): PageQuery => {
  const lastKey = (uid: string) => keys.alert(accountUid, uid);
  if (seatUid === null && status === null) {
    return {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :alert)',
      ExpressionAttributeValues: { ':pk': keys.alertPartition(accountUid), ':alert': 'ALERT#' },
      ConsistentRead: true,
      ...(after === null ? {} : { ExclusiveStartKey: lastKey(after) }),
    };
  }
  const index = seatUid === null ? 'GSI1' : status === null ? 'GSI2' : 'GSI3';
  const indexKey = (uid: string) => {
    const all: Record<string, string> = keys.alertIndexes({
      accountUid,
      uid,
      seatUid: seatUid ?? '',
      status: status ?? '',
    });
    return { [`${index}PK`]: all[`${index}PK`], [`${index}SK`]: uid };
  };
  return {
    IndexName: index,
    KeyConditionExpression: `${index}PK = :pk`,
    ExpressionAttributeValues: { ':pk': indexKey('')[`${index}PK`] },
    ...(after === null ? {} : { ExclusiveStartKey: { ...lastKey(after), ...indexKey(after) } }),
  };
};

/** Alerts in their account's alert partition (`ALERTS#<account>`), one index partition per list filter. */
export const dynamoAlertStore = (table: TableAccess): AlertStore => ({
  async get(accountUid, alertUid) {
    const { Item } = await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: keys.alert(accountUid, alertUid),
        ConsistentRead: true,
      }),
    );
    return Item === undefined ? null : toAlertRecord(Item);
  },

  async page(query) {
    const { Items } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        ...pageQuery(query),
        ScanIndexForward: false,
        Limit: query.limit,
      }),
    );
    return (Items ?? []).map(toAlertRecord);
  },

  async recordExcerptRead({ entryId, accountUid, seatUid, alertUid, viewerUid, at }) {
    const instant = at.toISOString();
    const day = utcDay(at);
    await transact(table, [
      putNew(table, {
        ...keys.auditEntry(instant, entryId),
        ...keys.auditListing(instant, entryId),
        type: itemTypes.auditEntry,
        action: 'alert.excerpt_viewed',
        at: instant,
        entryId,
        actorUserUid: viewerUid,
        accountUid,
        seatUid,
        alertUid,
      }),
      {
        Update: {
          TableName: table.tableName,
          Key: keys.excerptViewDay(accountUid, seatUid, day),
          UpdateExpression:
            'ADD #count :one SET #type = :type, #seatUid = :seatUid, #day = :day, #ttl = :ttl, #lastAt = :at',
          ExpressionAttributeNames: {
            '#count': 'count',
            '#type': 'type',
            '#seatUid': 'seatUid',
            '#day': 'day',
            '#ttl': 'ttl',
            '#lastAt': 'lastAt',
          },
          ExpressionAttributeValues: {
            ':one': 1,
            ':type': itemTypes.excerptViewDay,
            ':seatUid': seatUid,
            ':day': day,
            ':ttl': excerptViewDayExpiry(day),
            ':at': instant,
          },
        },
      },
    ]);
  },
});
