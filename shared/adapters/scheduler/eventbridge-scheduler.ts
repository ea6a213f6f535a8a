import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { ReconnectScheduler } from '../../ports/scheduler';

export interface SchedulerSettings {
  groupName: string;
  /** The reconnect worker the schedule invokes, and the role the Scheduler assumes to do it. */
  targetArn: string;
  roleArn: string;
  deadLetterArn: string;
}

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, as EventBridge Scheduler wants one-time schedules. */
export const atExpression = (at: Date): string => `at(${at.toISOString().slice(0, 19)})`;

const nameOf = (attempt: { pairingId: string; attempt: number }) =>
  `reconnect-${attempt.pairingId}-${attempt.attempt}`;

/**
 * EventBridge Scheduler: one one-time schedule per attempt, deleted after it runs, no flexible
 * window, failures to a dead-letter queue. Creating the same attempt twice is harmless (the name
 * is the attempt), and so is cancelling one that already ran.
 */
export const eventBridgeScheduler = (
  client: SchedulerClient,
  settings: SchedulerSettings,
): ReconnectScheduler => ({
  async schedule(attempt, at) {
    try {
      await client.send(
        new CreateScheduleCommand({
          Name: nameOf(attempt),
          GroupName: settings.groupName,
          ScheduleExpression: atExpression(at),
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: {
            Arn: settings.targetArn,
            RoleArn: settings.roleArn,
            Input: JSON.stringify(attempt),
            DeadLetterConfig: { Arn: settings.deadLetterArn },
            RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
          },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
    }
  },
  async cancel(attempt) {
    try {
      await client.send(new DeleteScheduleCommand({ Name: nameOf(attempt), GroupName: settings.groupName }));
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  },
});
