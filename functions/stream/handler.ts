import type { DynamoDBStreamEvent } from 'aws-lambda';
import { countedEventOfRecord, eventOfRecord } from '../../shared/adapters/dynamo/stream-filter';
import { observed } from '../../shared/adapters/lambda/observability';
import { countCommitted } from '../../shared/app/events/committed-metrics';
import { fanOut } from '../../shared/app/events/fan-out';
import { eventFanOutWiring } from '../composition/workers';

const { logger, metrics, deps } = eventFanOutWiring();

/**
 * The table stream's handler (event items only, by the event source's filter): wakes the relay
 * tasks holding subscribers of each event's account or seat. It carries no event content: the
 * relay reads the events from the table, so the stream never runs ahead of it. Once the batch is
 * handled, its committed events are counted into the business metrics (a failed batch is delivered
 * again and counted then).
 */
const handle = async (event: DynamoDBStreamEvent): Promise<void> => {
  const events = event.Records.map(eventOfRecord).filter((one) => one !== null);
  if (events.length === 0) return;
  const result = await fanOut(await deps(), events);
  logger.info('stream.fanned_out', { events: events.length, ...result });
  countCommitted(
    metrics,
    event.Records.map(countedEventOfRecord).filter((one) => one !== null),
  );
};

export const handler = observed(handle);
