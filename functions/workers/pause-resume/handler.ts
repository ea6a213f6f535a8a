import { cryptoIds } from '../../../shared/adapters/crypto/node-crypto';
import { createTableAccess } from '../../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../../shared/adapters/dynamo/family.store';
import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { endPause } from '../../../shared/app/seats/pause';
import { config } from '../../../shared/config/config';
import { systemClock } from '../../../shared/ports/clock';
import { logger } from '../logger';
import { observed } from '../../../shared/adapters/lambda/observability';

const settings = config();
// The table only: this target neither talks to providers nor notifies anyone.
const deps = {
  clock: systemClock,
  ids: cryptoIds(),
  families: dynamoFamilyStore(
    createTableAccess({
      tableName: settings.TABLE_NAME,
      region: settings.AWS_REGION,
      endpoint: settings.DYNAMODB_ENDPOINT,
    }),
  ),
};

/**
 * The pause-resume schedule's target: the end of one pause, the schedule's input as the event
 * (EventBridge Scheduler in AWS, the embedded scheduler locally). A late, doubled or stale schedule
 * changes nothing; a failure throws so the Scheduler retries it and, in the end, sends it to its DLQ.
 */
const handle = async (event: unknown): Promise<{ outcome: string }> => {
  const fired = scheduleTargets.pauseResume.payload.parse(event);
  const outcome = await endPause(deps, fired);
  logger.info('pause.ended', { ...fired, outcome });
  return { outcome };
};

export const handler = observed(handle);
