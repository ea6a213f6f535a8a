import type { Context, SQSEvent } from 'aws-lambda';
import { runImport } from '../../../shared/app/history/run';
import * as z from '../../../shared/validation/z';
import { logger } from '../logger';
import { historyWorkerDeps } from './deps';
import { observed } from '../../../shared/adapters/lambda/observability';

const job = z.object({ seatUid: z.string(), importId: z.string() });

/** Time kept back from the function's limit: the page in hand, its checkpoint and the hand-over. */
const marginMs = 30_000;

/**
 * The history import worker: one message runs (or resumes) one admitted import, one record at a
 * time. A run that nears the function's limit hands the rest to a new message; a run that throws
 * comes back after the visibility timeout and resumes from its chats' checkpoints, then lands in the
 * DLQ (the stuck check frees its slot meanwhile). Logs ids and counts only.
 */
const handle = async (event: SQSEvent, context: Context) => {
  const deps = await historyWorkerDeps();
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      const parsed = job.parse(JSON.parse(record.body));
      const budgetMs = Math.max(context.getRemainingTimeInMillis() - marginMs, 1_000);
      const outcome = await runImport(deps, parsed, { budgetMs });
      logger.info('history.run', { ...parsed, outcome });
    } catch (error) {
      logger.warn('history.retry', {
        messageId: record.messageId,
        error: error instanceof Error ? error.name : 'error',
      });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};

export const handler = observed(handle);
