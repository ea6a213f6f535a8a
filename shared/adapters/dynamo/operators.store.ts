import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { emptyRoster } from '../../domain/operators/roster';
import type { AuditTrail, RosterStore } from '../../ports/operators';
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

/** The audit trail, newest first: one Query per page on its listing (GSI1), across months. */
export const dynamoAuditTrail = (table: TableAccess): AuditTrail => ({
  async page({ after, limit }) {
    const listing = keys.auditListing('', '');
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': listing.GSI1PK },
        ScanIndexForward: false,
        Limit: limit,
        ...(after === null
          ? {}
          : {
              ExclusiveStartKey: {
                ...keys.auditEntry(after.at, after.id),
                ...keys.auditListing(after.at, after.id),
              },
            }),
      }),
    );
    return Items.map(toAuditEntry);
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
