import type { ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/client-dynamodb';
import type { DeserializeMiddleware } from '@aws-sdk/types';
import { inject } from 'vitest';
import { createTableAccess, type TableAccess } from '../../shared/adapters/dynamo/client';

/** What DynamoDB answers for a fault, as its JSON protocol carries it (HTTP 400 and `__type`). */
export interface DynamoFault {
  type: string;
  fields?: Record<string, unknown>;
}

export const throttled: DynamoFault = { type: 'ProvisionedThroughputExceededException' };

/** A transaction cancelled because another one touched its items at that moment (one reason per item). */
export const transactionConflict = (items: number): DynamoFault => ({
  type: 'TransactionCanceledException',
  fields: {
    CancellationReasons: Array.from({ length: items }, (_, index) =>
      index === 0
        ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }
        : { Code: 'None' },
    ),
  },
});

/**
 * A client of the same table, built as the service builds it (`createTableAccess`: the SDK's retries,
 * our timeouts), whose requests may be answered with a DynamoDB fault instead of reaching DynamoDB
 * Local: `faultFor` sees each attempt (the command's name and its attempt number among those of that
 * command) and answers a fault or null. The fault enters below the SDK's retry loop and its
 * deserializer, so the SDK retries and parses it exactly as a real answer. `attempts` lists them all.
 */
export const faultyTable = (
  table: TableAccess,
  faultFor: (command: string, attempt: number) => DynamoFault | null,
) => {
  const access = createTableAccess({
    tableName: table.tableName,
    region: 'sa-east-1',
    endpoint: inject('dynamoEndpoint'),
  });
  const attempts: { command: string; fault: string | null }[] = [];
  const injector: DeserializeMiddleware<ServiceInputTypes, ServiceOutputTypes> =
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '');
      const fault = faultFor(command, attempts.filter((one) => one.command === command).length + 1);
      attempts.push({ command, fault: fault?.type ?? null });
      if (fault === null) return next(args);
      const body = JSON.stringify({
        __type: `com.amazonaws.dynamodb.v20120810#${fault.type}`,
        message: 'injected by the test',
        ...fault.fields,
      });
      return {
        output: {} as never,
        response: {
          statusCode: 400,
          headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'injected' },
          body: new TextEncoder().encode(body),
        },
      };
    };
  access.doc.middlewareStack.add(injector, { step: 'deserialize', priority: 'low', name: 'injectedFault' });
  return { table: access, attempts };
};
