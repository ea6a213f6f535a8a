import { embeddedScheduler } from '../shared/adapters/scheduler/embedded-scheduler';
import type { ScheduleTarget } from '../shared/adapters/scheduler/schedule-targets';
import type { CapabilityConfig } from '../shared/config/config';
import type { OneTimeScheduler } from '../shared/ports/scheduler';

type SchedulerConfig =
  | CapabilityConfig<'reconnectScheduler'>
  | CapabilityConfig<'pauseResumeScheduler'>
  | CapabilityConfig<'trialEndingScheduler'>
  | CapabilityConfig<'historyOfferScheduler'>
  | CapabilityConfig<'historyStuckScheduler'>;

/**
 * The one-time schedules of one target, as configured: EventBridge Scheduler in AWS (the shared
 * group, role and DLQ, the target's own ARN), or locally timers in this process that invoke the
 * handler the local stack serves under the target's name, with the event the AWS schedule would deliver.
 */
export const configuredScheduler = async <P>(
  target: ScheduleTarget<P>,
  options: {
    config: SchedulerConfig;
    /** The target function's ARN (`<TARGET>_TARGET_ARN`); unused by the embedded scheduler. */
    targetArn: string | undefined;
    region: string;
    onGiveUp: (payload: P, error: unknown) => void;
  },
): Promise<OneTimeScheduler<P>> => {
  const { config } = options;
  if (config.SCHEDULER === 'embedded') return embeddedScheduler(target, { onGiveUp: options.onGiveUp });
  const [{ SchedulerClient }, { eventBridgeScheduler }] = await Promise.all([
    import('@aws-sdk/client-scheduler'),
    import('../shared/adapters/scheduler/eventbridge-scheduler'),
  ]);
  if (options.targetArn === undefined) throw new Error(`no target ARN for the ${target.name} schedules`);
  return eventBridgeScheduler(new SchedulerClient({ region: options.region }), target, {
    groupName: config.SCHEDULER_GROUP_NAME,
    targetArn: options.targetArn,
    roleArn: config.SCHEDULER_ROLE_ARN,
    deadLetterArn: config.SCHEDULER_DLQ_ARN,
  });
};
