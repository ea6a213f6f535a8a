import { embeddedScheduler } from '../../shared/adapters/scheduler/embedded-scheduler';
import { scheduleTargets, type ScheduleTarget } from '../../shared/adapters/scheduler/schedule-targets';
import { configFor, type CapabilityConfig, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { OneTimeScheduler } from '../../shared/ports/scheduler';

/** Each target scheduled one-time: its capability (the schedules' settings) and its function's ARN. */
const scheduled = {
  reconnect: { capability: 'reconnectScheduler', targetArn: 'RECONNECT_TARGET_ARN' },
  pauseResume: { capability: 'pauseResumeScheduler', targetArn: 'PAUSE_RESUME_TARGET_ARN' },
  trialEnding: { capability: 'trialEndingScheduler', targetArn: 'TRIAL_ENDING_TARGET_ARN' },
  historyOfferExpiry: { capability: 'historyOfferScheduler', targetArn: 'HISTORY_OFFER_EXPIRY_TARGET_ARN' },
  historyStuck: { capability: 'historyStuckScheduler', targetArn: 'HISTORY_STUCK_TARGET_ARN' },
} as const;

export type ScheduledTarget = keyof typeof scheduled;

/** What a target's schedules carry. */
export type PayloadOf<N extends ScheduledTarget> =
  (typeof scheduleTargets)[N] extends ScheduleTarget<infer P> ? P : never;

type SchedulerConfig = CapabilityConfig<(typeof scheduled)[ScheduledTarget]['capability']>;

const schedulerConfigOf = (name: ScheduledTarget): SchedulerConfig => {
  const { capability } = scheduled[name];
  return configFor(capability)[capability];
};

/**
 * The one-time schedules of one target, as configured: EventBridge Scheduler in AWS (the shared
 * group, role and DLQ, the target's own ARN), or locally timers in this process that invoke the
 * handler the local stack serves under the target's name, with the event the AWS schedule would deliver.
 */
const configuredScheduler = async <P>(
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
  const { SchedulerClient, eventBridgeScheduler } = await import('./aws-schedules.mjs');
  if (options.targetArn === undefined) throw new Error(`no target ARN for the ${target.name} schedules`);
  return eventBridgeScheduler(new SchedulerClient({ region: options.region }), target, {
    groupName: config.SCHEDULER_GROUP_NAME,
    targetArn: options.targetArn,
    roleArn: config.SCHEDULER_ROLE_ARN,
    deadLetterArn: config.SCHEDULER_DLQ_ARN,
  });
};

/**
 * A target's scheduler, built on first use. Its settings are read `now` (a function that schedules
 * on its every path fails its cold start without them) or `on first use` (a process that may never
 * schedule, such as a worker that moves the history queue only now and then, needs none until it does).
 * `onGiveUp` hears of a schedule that kept failing locally (the embedded scheduler's retries).
 */
export const schedulerOf = <N extends ScheduledTarget>(
  name: N,
  settings: Config,
  read: 'now' | 'on first use',
  onGiveUp: (payload: PayloadOf<N>, error: unknown) => void,
): (() => Promise<OneTimeScheduler<PayloadOf<N>>>) => {
  const checked = read === 'now' ? schedulerConfigOf(name) : undefined;
  return lazy(() =>
    configuredScheduler(scheduleTargets[name] as ScheduleTarget<PayloadOf<N>>, {
      config: checked ?? schedulerConfigOf(name),
      targetArn: settings[scheduled[name].targetArn],
      region: settings.AWS_REGION,
      onGiveUp,
    }),
  );
};

/** A scheduler built on its first schedule or cancel: the port, for deps that hold it before it is needed. */
export const onFirstUse = <P>(scheduler: () => Promise<OneTimeScheduler<P>>): OneTimeScheduler<P> => ({
  schedule: async (payload, at) => (await scheduler()).schedule(payload, at),
  cancel: async (payload) => (await scheduler()).cancel(payload),
});
