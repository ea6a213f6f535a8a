import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { emptyRoster } from '../../domain/operators/roster';
import type { AuditEntry, AuditTrail, RosterStore } from '../../ports/operators';
import type { TableAccess } from './client';
import { auditEntryToItem, rosterToItem, toAuditEntry, toRoster } from './items';
import { keys } from './keys';
import { guards, put, putNew, transact } from './transact';

/** The operator roster: one item, written under its version with the audit entry of the change. */
export const dynamoRosterStore = (table: TableAccess): RosterStore => ({
  async read() {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.operatorRoster(), ConsistentRead: true }),
    );
    return Item === undefined ? emptyRoster : toRoster(Item);
  },

  async write(before, after, audit) {
    // The first write makes the item; every later one finds the version it was decided on.
    const item = rosterToItem({ ...after, version: before.version + 1 });
    const roster =
      before.version === 0
        ? putNew(table, item)
        : put(table, item, {
            expression: `${guards.exists} AND ${guards.versionIs}`,
            names: { '#version': 'version' },
            values: { ':expectedVersion': before.version },
          });
    await transact(table, [roster, ...(audit === null ? [] : [putNew(table, auditEntryToItem(audit))])]);
  },
});

/**
 * How far back the trail is walked for one page: a month's partition that runs out steps to the one
 * before, and months before the service existed are empty.
 */
const MONTHS_WALKED = 24;

const monthBefore = (month: string): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
};

/**
 * The audit trail, newest first: one Query per page while the page stays within a month (one
 * partition per UTC month), the month before when one runs out.
 */
export const dynamoAuditTrail = (table: TableAccess, now: () => Date): AuditTrail => ({
  async page({ after, limit }) {
    const entries: AuditEntry[] = [];
    let month = (after?.at ?? now().toISOString()).slice(0, 7);
    let start = after === null ? undefined : keys.auditEntry(after.at, after.id);
    for (let walked = 0; walked < MONTHS_WALKED && entries.length < limit; walked += 1) {
      const { Items } = await table.doc.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.auditPartition(month) },
          ScanIndexForward: false,
          Limit: limit - entries.length,
          ...(start === undefined ? {} : { ExclusiveStartKey: start }),
        }),
      );
      entries.push(...(Items ?? []).map(toAuditEntry));
      month = monthBefore(month);
      start = undefined;
    }
    return entries;
  },

  async record(entry) {
    // Ids are unique: the condition only keeps a retried request from writing over an entry.
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: auditEntryToItem(entry),
        ConditionExpression: guards.isNew,
      }),
    );
  },
});
