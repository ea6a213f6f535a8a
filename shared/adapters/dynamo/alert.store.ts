import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AlertStore } from '../../ports/alerts';
import type { TableAccess } from './client';
import { toAlertRecord } from './items';
import { keys } from './keys';

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

  page() {
    return Promise.reject(new Error('the alert list is not built yet'));
  },
});
