/**
 * The single table's shape, read by CDK (infra/stacks/stateful.stack.ts) and by the local stack
 * (localstack/dynamo.ts) so that both build the same table.
 */
export const tableDesign = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /**
   * Overloaded indexes: each entity that needs another order or filter names its own partitions on
   * them (see docs/access-patterns.md). GSI2 and GSI3 serve the alert list's filters; a deployed
   * table gains one index per deployment (a DynamoDB rule), so a new index ships on its own.
   */
  globalIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
  timeToLiveAttribute: 'ttl',
  streamView: 'NEW_AND_OLD_IMAGES',
} as const;

/**
 * The seat keys' table (infra: `SeatKeysTable`; locally `SEAT_KEYS_TABLE_NAME`): one item per seat
 * that holds a data key, `{ seatId, dataKeyId, wrappedKey }`, apart from the single table so that
 * none of its copies outlives a deletion: no point-in-time recovery, no backup, no stream, no index
 * (docs/security.md, crypto-shredding).
 */
export const seatKeysTableDesign = {
  partitionKey: 'seatId',
} as const;
