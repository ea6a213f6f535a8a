import { localEventBodies } from '../shared/adapters/event-bodies/local-event-bodies';
import type { CapabilityConfig, Config } from '../shared/config/config';
import type { EventBodyStore } from '../shared/ports/event-bodies';

/** The store of queued bodies the gateway writes and the session-events worker reads (see `queued-body.ts`). */
export const configuredEventBodies = async (
  settings: Config,
  bodies: CapabilityConfig<'eventBodies'>,
): Promise<EventBodyStore> => {
  if (bodies.EVENT_BODIES === 'local') return localEventBodies(bodies.EVENT_BODIES_DIR);
  const [{ S3Client }, { s3EventBodies }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('../shared/adapters/event-bodies/s3-event-bodies'),
  ]);
  return s3EventBodies(new S3Client({ region: settings.AWS_REGION }), bodies.EVENT_BODIES_BUCKET);
};
