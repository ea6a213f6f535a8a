import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { OneTimeScheduler } from '../../ports/scheduler';
import { scheduleInput, scheduleRetries, type ScheduleTarget } from './schedule-targets';

export interface SchedulerSettings {
  groupName: string;
  /** The target's function the schedule invokes, and the role the Scheduler assumes to do it. */
  targetArn: string;
  roleArn: string;
  deadLetterArn: string;
}

/**
 * `at(yyyy-mm-ddThh:mm:ss)` in UTC, as EventBridge Scheduler wants one-time schedules: rounded up to
 * the second, so a schedule never fires before its instant (a pause never ends before its `until`).
 */
export const atExpression = (at: Date): string =>
  `at(${new Date(Math.ceil(at.getTime() / 1000) * 1000).toISOString().slice(0, 19)})`;

/**
 * EventBridge Scheduler: one one-time schedule per payload, deleted after it runs, no flexible
 * window, failures to a dead-letter queue. Its `Input` is the target's event. Creating the same
 * payload twice is harmless (the name is the payload), and so is cancelling one that already ran.
 */
export const eventBridgeScheduler = <P>(
  client: SchedulerClient,
  target: ScheduleTarget<P>,
  settings: SchedulerSettings,
): OneTimeScheduler<P> => ({
  async schedule(payload, at) {
    try {
      await client.send(
        new CreateScheduleCommand({
          Name: target.scheduleName(payload),
          GroupName: settings.groupName,
          ScheduleExpression: atExpression(at),
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: {
            Arn: settings.targetArn,
            RoleArn: settings.roleArn,
            Input: scheduleInput(target, payload),
            DeadLetterConfig: { Arn: settings.deadLetterArn },
            RetryPolicy: { MaximumRetryAttempts: scheduleRetries, MaximumEventAgeInSeconds: 3600 },
          },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
    }
  },
  async cancel(payload) {
    try {
      await client.send(
        new DeleteScheduleCommand({ Name: target.scheduleName(payload), GroupName: settings.groupName }),
      );
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  },
});
