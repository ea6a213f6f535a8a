import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../localstack/dynamo';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One DynamoDB Local for the integration tier; each test file makes its own table. */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal({ port: await freePort(), workDir: resolve('.local/integration') });
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => dynamo.stop();
}
