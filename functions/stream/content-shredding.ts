import type { DynamoDBStreamEvent } from 'aws-lambda';
import { seatOfDestroyedKey } from '../../shared/adapters/dynamo/stream-filter';
import { shredSeatContent } from '../../shared/app/content/shredding';
import { observed } from '../../shared/adapters/lambda/observability';
import { contentShreddingWiring } from '../composition/workers';

const { logger, messages } = contentShreddingWiring();

/**
 * The seat items whose data key was just destroyed (by the event source's filter): each seat's
 * message partition is deleted. A failure fails the batch, which is retried (what was deleted stays
 * deleted) and then described in the dead-letter queue. Logs carry the seat id and a count only.
 */
const handle = async (event: DynamoDBStreamEvent): Promise<void> => {
  const seatIds = new Set(event.Records.map(seatOfDestroyedKey).filter((seatId) => seatId !== null));
  for (const seatId of seatIds) {
    const shredded = await shredSeatContent({ messages }, seatId);
    logger.info('content.shredded', shredded);
  }
};

export const handler = observed(handle);
