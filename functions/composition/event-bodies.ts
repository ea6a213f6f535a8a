import { localEventBodies } from '../../shared/adapters/event-bodies/local-event-bodies';
import { configFor, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { EventBodyStore } from '../../shared/ports/event-bodies';

/**
 * The store of queued bodies the gateway writes and the session-events worker reads and removes
 * (see `queued-body.ts`): its variables checked now, built on first use (S3 in AWS, a folder locally).
 */
export const eventBodiesOf = (settings: Config): (() => Promise<EventBodyStore>) => {
  const { eventBodies: bodies } = configFor('eventBodies');
  return lazy(async () => {
    if (bodies.EVENT_BODIES === 'local') return localEventBodies(bodies.EVENT_BODIES_DIR);
    const { S3Client, s3EventBodies } = await import('./aws-event-bodies.mjs');
    return s3EventBodies(new S3Client({ region: settings.AWS_REGION }), bodies.EVENT_BODIES_BUCKET);
  });
};
