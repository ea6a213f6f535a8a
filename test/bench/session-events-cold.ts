import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { configuredAnalyzer } from '../../functions/composition/analysis';
import { handler as sessionEventsHandler } from '../../functions/workers/session-events/handler';

/**
 * The session-events worker's cold start up to its first message read, with the analyzer's model
 * loaded, for the bench's cold-start part: the worker's own module graph (its handler and the
 * wiring it builds as it loads), the analyzer AWS runs (the screen and its classifier, then Bedrock)
 * built as the worker builds it on first use, one ordinary window read, and the floor's one GetItem.
 * The screen lets the window by, so Bedrock is never called (its endpoint is loopback anyway).
 */
export const handler = async () => {
  // Imported statically, as the deployed bundle's entry is: an `import()` of it would make esbuild
  // wrap its whole graph to load lazily and keep every export of what it re-exports (the whole
  // DynamoDB client, 70 KB more than the worker's own bundle).
  if (typeof sessionEventsHandler !== 'function') throw new Error('the worker has no handler');
  const analyzer = await configuredAnalyzer(
    { STAGE: 'bench', AWS_REGION: process.env['AWS_REGION'] ?? 'sa-east-1', ANALYSIS_SANDBOX_MARKER: 'off' },
    { ANALYZER: 'cascade', ANALYSIS_MODEL_ID: 'bench.never-called' },
  );
  const findings = await analyzer.assess([
    { messageId: 'm1', fromMe: false, text: 'oi, tudo bem? chego às 7', sentAt: '2026-11-27T10:00:00Z' },
    { messageId: 'm2', fromMe: true, text: 'beleza, te espero na portaria', sentAt: '2026-11-27T10:01:00Z' },
  ]);
  if (findings.length > 0) throw new Error('the screen passed an ordinary window on');
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: process.env['DYNAMODB_ENDPOINT'], region: process.env['AWS_REGION'] }),
  );
  await doc.send(
    new GetCommand({ TableName: process.env['TABLE_NAME'], Key: { PK: 'HEALTH', SK: 'HEALTH' } }),
  );
  return { statusCode: 200 };
};
