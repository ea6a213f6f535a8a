import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../validation/z';
import type { UserStore } from '../../ports/stores';
import type { TableAccess } from './client';
import { toUser, userToItem } from './items';
import { keys } from './keys';
import { memberCopies, putVersioned, transact } from './transact';

const emailLookupItem = z.looseObject({ userUid: z.string() });

export const dynamoUserStore = (table: TableAccess): UserStore => ({
  async get(userUid) {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.user(userUid), ConsistentRead: true }),
    );
    return Item === undefined ? null : toUser(Item);
  },

  async uidByEmailHash(emailHash) {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.emailLookup(emailHash), ConsistentRead: true }),
    );
    return Item === undefined ? null : emailLookupItem.parse(Item).userUid;
  },

  async saveProfile(user, memberOf) {
    const { item, saved } = putVersioned(table, userToItem, user);
    await transact(table, [item, ...memberCopies(table, user.uid, memberOf, { name: user.name })]);
    return saved;
  },
});
