import type { Context } from 'aws-lambda';
import { consumers, type Consumer, type QueueName, type ScheduleConsumer } from '../infra/consumers';
import { serveScheduleTarget } from '../shared/adapters/scheduler/embedded-scheduler';
import { lambdaContext } from './lambda-http';
import { startStreamPoller, type StreamHandler } from './stream-poller';
import { handlerAs } from './table-guard';
import { localPassesOf, startQueuePoller, type SqsHandler } from './workers';

/**
 * A recurring row runs every few seconds here rather than every few minutes: what it does is
 * harmless however often it runs, and the local stack's tests need not wait a minute to see it.
 */
const localRecurringSeconds = 2;

/**
 * A row's handler module, imported as CDK bundles it (`entry`, export `handler`); each invocation
 * runs as the row's function, its table calls checked against the row's grants.
 */
const handlerOf = async <H extends (...args: never[]) => unknown>(
  row: (typeof consumers)[number],
): Promise<H> => {
  const module = (await import(`../${row.entry}`)) as { handler?: H };
  if (typeof module.handler !== 'function') throw new Error(`${row.entry} exports no handler`);
  return handlerAs(row.name, module.handler) as H;
};

/**
 * Every row of the consumers table, locally, as AWS runs it: a queue row's worker fed by a poller
 * (the event source mapping), a stream row's handler fed by a reader of DynamoDB Local's stream
 * (with the row's filter), and a schedule row's handler served to the embedded scheduler under the
 * row's name (what the target ARN names in AWS). One line per row says what was started.
 */
export const startConsumers = async (options: {
  sqsEndpoint: string;
  queueUrls: Record<QueueName, string>;
  dynamo: { endpoint: string; tableName: string };
  onError: (row: Consumer, error: unknown) => void;
}) => {
  const started = await Promise.all(
    consumers.map(async (row) => {
      const onError = (error: unknown) => options.onError(row, error);
      const to = `-> ${row.entry}`;
      if (row.kind === 'queue') {
        const queueUrl = options.queueUrls[row.name];
        const passes = localPassesOf(row);
        const poller = startQueuePoller({
          name: row.name,
          endpoint: options.sqsEndpoint,
          queueUrl,
          batchSize: row.batchSize,
          passes,
          timeoutSeconds: row.timeoutSeconds,
          handler: await handlerOf<SqsHandler>(row),
          onError,
        });
        const at = passes > 1 ? ` (${passes} passes at once)` : '';
        return { line: `${queueUrl}${at} ${to}`, stop: poller.stop };
      }
      if (row.kind === 'stream') {
        const poller = await startStreamPoller({
          name: row.name,
          endpoint: options.dynamo.endpoint,
          tableName: options.dynamo.tableName,
          filter: row.filter,
          batchSize: row.batchSize,
          timeoutSeconds: row.timeoutSeconds,
          handler: await handlerOf<StreamHandler>(row),
          onError,
        });
        return { line: `the stream of ${options.dynamo.tableName}, filtered ${to}`, stop: poller.stop };
      }
      const handler = await handlerOf<(event: unknown, context: Context) => Promise<unknown>>(row);
      serveScheduleTarget(row.name, (event) => handler(event, lambdaContext(row.name, row.timeoutSeconds)));
      const { every }: ScheduleConsumer = row;
      if (every === undefined) return { line: `the embedded scheduler ${to}`, stop: async () => undefined };
      const timer = setInterval(() => {
        handler({}, lambdaContext(row.name, row.timeoutSeconds)).catch(onError);
      }, localRecurringSeconds * 1000);
      return {
        line: `the embedded scheduler, and every ${localRecurringSeconds} s ${to}`,
        stop: async () => clearInterval(timer),
      };
    }),
  );
  return {
    urls: consumers.map((row, index) => ({ label: row.kind, url: `${row.name}: ${started[index]?.line}` })),
    stop: async () => {
      await Promise.all(started.map((one) => one.stop()));
    },
  };
};
