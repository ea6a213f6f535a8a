/**
 * The single table's shape, read by CDK (infra/stacks/stateful.stack.ts) and by the local stack
 * (localstack/dynamo.ts) so that both build the same table.
 */
export const tableDesign = {
  partitionKey: 'PK',
  sortKey: 'SK',
  globalIndexes: [{ indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
  timeToLiveAttribute: 'ttl',
  streamView: 'NEW_AND_OLD_IMAGES',
} as const;
