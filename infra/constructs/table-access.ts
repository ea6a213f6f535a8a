import { Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { TableGrant } from '../table-grants';

/**
 * Grants `grantee` exactly `grants` on the table (each its actions, on the table or on the indexes
 * it names, within its partitions unless it says why not) and the table key's `kms:Decrypt` through
 * DynamoDB only: the same key never opens a secret, an evidence file or a seat key for it.
 */
export const grantTableAccess = (
  grantee: IGrantable,
  table: ITableV2,
  grants: readonly TableGrant[],
): void => {
  const principal = grantee.grantPrincipal;
  const tableKey = table.encryptionKey;
  if (tableKey === undefined) throw new Error('the table is encrypted with a customer-managed key');
  for (const grant of grants) {
    principal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...grant.actions],
        // Each index by name: no wildcard.
        resources:
          grant.indexes === undefined
            ? [table.tableArn]
            : grant.indexes.map((indexName) => `${table.tableArn}/index/${indexName}`),
        ...('partitions' in grant
          ? { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...grant.partitions] } } }
          : {}),
      }),
    );
  }
  principal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['kms:Decrypt'],
      resources: [tableKey.keyArn],
      conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${Stack.of(table).region}.amazonaws.com` } },
    }),
  );
};
