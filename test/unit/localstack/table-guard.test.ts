import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableGrant } from '../../../infra/table-grants';
import {
  addTableClientPlugin,
  createTableAccess,
  type TableAccess,
} from '../../../shared/adapters/dynamo/client';
import {
  allows,
  grantsOfCaller,
  keyPrefix,
  runAs,
  tableGuard,
  tableRequestsOf,
} from '../../../localstack/table-guard';

/** The grants of the function the tests run as (`alerts`, here given by the test). */
const grants: readonly TableGrant[] = [
  { actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem'], partitions: ['INBOX#*'] },
  { actions: ['dynamodb:Query'], indexes: ['GSI1'], partitions: ['USER#*'] },
  { actions: ['dynamodb:DescribeTable'], unconfined: 'the table itself has no leading key' },
];

let server: Server;
const endpointOf = (listening: Server) => `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
let reached: number;
let reported: string[];
let table: TableAccess;
let removeGuard: () => void;

beforeAll(async () => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
  // A table endpoint on loopback that answers every call with an empty success.
  server = createServer((request, response) => {
    request.resume();
    reached += 1;
    response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  removeGuard = addTableClientPlugin(
    tableGuard({
      grantsOf: (caller) => (caller === 'alerts' ? grants : []),
      report: (line) => reported.push(line),
    }),
  );
  table = createTableAccess({
    tableName: 'main',
    region: 'sa-east-1',
    endpoint: endpointOf(server),
  });
});

afterAll(async () => {
  removeGuard();
  table.doc.destroy();
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

beforeEach(() => {
  reached = 0;
  reported = [];
});

const asAlerts = <T>(work: () => Promise<T>) => runAs('alerts', work);
const get = (PK: string) => table.doc.send(new GetCommand({ TableName: 'main', Key: { PK, SK: 'S' } }));

describe('the local table guard, through the table client', () => {
  it('lets a call its grants cover reach the table', async () => {
    await asAlerts(() => get('INBOX#us_1'));
    await asAlerts(() =>
      table.doc.send(
        new QueryCommand({
          TableName: 'main',
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': 'USER#us_1' },
        }),
      ),
    );
    await asAlerts(() => table.doc.send(new DescribeTableCommand({ TableName: 'main' })));
    expect(reached).toBe(3);
    expect(reported).toEqual([]);
  });

  it('refuses an action its grants do not give, as IAM does: AccessDeniedException, 400, before the call is sent', async () => {
    const refused = asAlerts(() =>
      table.doc.send(
        new QueryCommand({
          TableName: 'main',
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': 'INBOX#us_1' },
        }),
      ),
    );
    await expect(refused).rejects.toMatchObject({
      name: 'AccessDeniedException',
      $metadata: { httpStatusCode: 400 },
      message: expect.stringMatching(
        /^alerts is not authorized to perform dynamodb:Query on main for leading key INBOX# /,
      ),
    });
    expect(reached).toBe(0);
    expect(reported).toEqual([expect.stringContaining('AccessDeniedException: alerts is not authorized')]);
  });

  it('refuses a partition outside its grants, naming only the key’s prefix', async () => {
    await expect(asAlerts(() => get('EMAIL#5f2a9c-hash-of-an-address'))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('dynamodb:GetItem on main for leading key EMAIL# '),
    });
    expect(reported.join('\n')).not.toContain('5f2a9c');
    expect(reached).toBe(0);
  });

  it('refuses a Query of an index its grants do not name, and of the table where only an index is granted', async () => {
    const query = (IndexName: string | undefined, key: string) =>
      asAlerts(() =>
        table.doc.send(
          new QueryCommand({
            TableName: 'main',
            ...(IndexName === undefined ? {} : { IndexName }),
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': IndexName === undefined ? 'PK' : `${IndexName}PK` },
            ExpressionAttributeValues: { ':pk': key },
          }),
        ),
      );
    await expect(query('GSI2', 'USER#us_1')).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('dynamodb:Query on main/index/GSI2 for leading key USER# '),
    });
    await expect(query(undefined, 'USER#us_1')).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(reached).toBe(0);
  });

  it('refuses a whole transaction when one of its items is not covered', async () => {
    const transaction = asAlerts(() =>
      table.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: 'main', Item: { PK: 'INBOX#us_1', SK: 'NOTIFICATION#n' } } },
            { Delete: { TableName: 'main', Key: { PK: 'INBOX#us_1', SK: 'UNREAD' } } },
          ],
        }),
      ),
    );
    await expect(transaction).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('dynamodb:DeleteItem on main for leading key INBOX# '),
    });
    expect(reached).toBe(0);
  });

  it('does not check a call made outside any function (test setup, seeding), nor one on another table than its client’s', async () => {
    await get('EMAIL#anything');
    await asAlerts(() =>
      table.doc.send(new PutCommand({ TableName: 'other', Item: { PK: 'EMAIL#x', SK: 'S' } })),
    );
    expect(reached).toBe(2);
    expect(reported).toEqual([]);
  });

  it('holds a client built as a function to that function’s grants where a call keeps no context (a connection’s close)', async () => {
    const owned = runAs('alerts', () =>
      createTableAccess({ tableName: 'main', region: 'sa-east-1', endpoint: endpointOf(server) }),
    );
    try {
      await owned.doc.send(new GetCommand({ TableName: 'main', Key: { PK: 'INBOX#us_1', SK: 'S' } }));
      await expect(
        owned.doc.send(new GetCommand({ TableName: 'main', Key: { PK: 'EMAIL#x', SK: 'S' } })),
      ).rejects.toMatchObject({ name: 'AccessDeniedException', message: expect.stringMatching(/^alerts /) });
      expect(reached).toBe(1);
    } finally {
      owned.doc.destroy();
    }
  });

  it('refuses every call of a function whose row grants no table (a gateway function)', async () => {
    await expect(runAs('SessionProviderWebhook', () => get('INBOX#us_1'))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    expect(grantsOfCaller('SessionProviderWebhook')).toEqual([]);
  });

  it('grants the seat keys’ table as CDK does: writes where seat keys are made, reads where they are opened, nothing elsewhere', () => {
    const actionsOn = (caller: Parameters<typeof grantsOfCaller>[0]) =>
      grantsOfCaller(caller, 'family-protection-local-seat-keys').flatMap((grant) => grant.actions);
    expect(actionsOn('seats')).toEqual(['dynamodb:PutItem', 'dynamodb:DeleteItem']);
    expect(actionsOn('consent')).toEqual(['dynamodb:PutItem', 'dynamodb:DeleteItem']);
    expect(actionsOn('alerts')).toEqual(['dynamodb:GetItem']);
    expect(actionsOn('sessionEvents')).toEqual(['dynamodb:GetItem']);
    expect(actionsOn('historyImport')).toEqual(['dynamodb:GetItem']);
    for (const caller of ['auth', 'admin', 'supply', 'accounts', 'relay', 'contentShredding'] as const)
      expect(actionsOn(caller), caller).toEqual([]);
  });
});

describe('the requests IAM authorises for a call', () => {
  const s = (value: string) => ({ S: value });

  it('authorises a transaction item by item, each as its single-item action', () => {
    expect(
      tableRequestsOf(
        'TransactWriteItemsCommand',
        {
          TransactItems: [
            { Put: { TableName: 'main', Item: { PK: s('ACCOUNT#a') } } },
            { Update: { TableName: 'main', Key: { PK: s('INBOX#u') } } },
            { ConditionCheck: { TableName: 'main', Key: { PK: s('ACCOUNT#a') } } },
            { Delete: { TableName: 'main', Key: { PK: s('HISTORYSLOTS') } } },
          ],
        },
        'main',
      ),
    ).toEqual([
      { action: 'dynamodb:PutItem', leadingKey: 'ACCOUNT#a' },
      { action: 'dynamodb:UpdateItem', leadingKey: 'INBOX#u' },
      { action: 'dynamodb:ConditionCheckItem', leadingKey: 'ACCOUNT#a' },
      { action: 'dynamodb:DeleteItem', leadingKey: 'HISTORYSLOTS' },
    ]);
  });

  it('authorises a batch item by item, each as the batch action', () => {
    expect(
      tableRequestsOf(
        'BatchWriteItemCommand',
        { RequestItems: { main: [{ DeleteRequest: { Key: { PK: s('SEATMSG#s') } } }] } },
        'main',
      ),
    ).toEqual([{ action: 'dynamodb:BatchWriteItem', leadingKey: 'SEATMSG#s' }]);
    expect(
      tableRequestsOf(
        'BatchGetItemCommand',
        { RequestItems: { main: { Keys: [{ PK: s('USER#u') }, { PK: s('INBOX#u') }] } } },
        'main',
      ),
    ).toEqual([
      { action: 'dynamodb:BatchGetItem', leadingKey: 'USER#u' },
      { action: 'dynamodb:BatchGetItem', leadingKey: 'INBOX#u' },
    ]);
  });

  it('authorises a Query of an index on the index, by the index’s partition key value', () => {
    expect(
      tableRequestsOf(
        'QueryCommand',
        {
          TableName: 'main',
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :from)',
          ExpressionAttributeValues: { ':pk': s('PROXYBINDINGS#e2e-a'), ':from': s('2026') },
        },
        'main',
      ),
    ).toEqual([{ action: 'dynamodb:Query', index: 'GSI3', leadingKey: 'PROXYBINDINGS#e2e-a' }]);
  });

  it('matches leading keys as StringLike: `*` any run of characters, exact otherwise', () => {
    const rateOnly: TableGrant[] = [
      { actions: ['dynamodb:UpdateItem'], partitions: ['RATE#excerpt#*', 'PROXIES'] },
    ];
    expect(allows(rateOnly, { action: 'dynamodb:UpdateItem', leadingKey: 'RATE#excerpt#h' })).toBe(true);
    expect(allows(rateOnly, { action: 'dynamodb:UpdateItem', leadingKey: 'RATE#otp_mail_ip#h' })).toBe(false);
    expect(allows(rateOnly, { action: 'dynamodb:UpdateItem', leadingKey: 'PROXIES' })).toBe(true);
    expect(allows(rateOnly, { action: 'dynamodb:UpdateItem', leadingKey: 'PROXIESX' })).toBe(false);
  });

  it('says of a key only its entity prefix', () => {
    expect(keyPrefix('RATE#otp_mail_ip#9f3e')).toBe('RATE#');
    expect(keyPrefix('PROXIES')).toBe('PROXIES');
    expect(keyPrefix('a-hash-without-prefix')).toBe('(unnamed)');
  });
});
