import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { atExpression, eventBridgeScheduler } from '../../../shared/adapters/scheduler/eventbridge-scheduler';
import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';

const scheduler = mockClient(SchedulerClient);
afterEach(() => scheduler.reset());
const settings = {
  groupName: 'reconnects',
  targetArn: 'arn:worker',
  roleArn: 'arn:role',
  deadLetterArn: 'arn:dlq',
};

describe('EventBridge Scheduler reconnects', () => {
  it('creates a one-time schedule that deletes itself, with no flexible window and a dead-letter queue', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:s' });
    await eventBridgeScheduler(new SchedulerClient({}), scheduleTargets.reconnect, settings).schedule(
      { seatUid: 'st_x', pairingId: 'P1', attempt: 1 },
      new Date('2026-11-22T10:00:30.000Z'),
    );
    expect(scheduler.commandCalls(CreateScheduleCommand)[0]!.args[0].input).toEqual({
      Name: 'reconnect-P1-1',
      GroupName: 'reconnects',
      ScheduleExpression: 'at(2026-11-22T10:00:30)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: 'arn:worker',
        RoleArn: 'arn:role',
        Input: JSON.stringify({ seatUid: 'st_x', pairingId: 'P1', attempt: 1 }),
        DeadLetterConfig: { Arn: 'arn:dlq' },
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
      },
    });
  });

  it('treats a schedule made twice, or cancelled after it ran, as done', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejects(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }));
    scheduler
      .on(DeleteScheduleCommand)
      .rejects(new ResourceNotFoundException({ message: 'gone', Message: 'gone', $metadata: {} }));
    const adapter = eventBridgeScheduler(new SchedulerClient({}), scheduleTargets.reconnect, settings);
    await expect(
      adapter.schedule({ seatUid: 'st_x', pairingId: 'P1', attempt: 1 }, new Date()),
    ).resolves.toBeUndefined();
    await expect(adapter.cancel({ seatUid: 'st_x', pairingId: 'P1', attempt: 1 })).resolves.toBeUndefined();
  });

  it('writes at() expressions in UTC to the second, never before the instant', () => {
    expect(atExpression(new Date('2026-01-02T03:04:05.678Z'))).toBe('at(2026-01-02T03:04:06)');
    expect(atExpression(new Date('2026-01-02T03:04:05.000Z'))).toBe('at(2026-01-02T03:04:05)');
    expect(atExpression(new Date('2026-12-31T23:59:59.001Z'))).toBe('at(2027-01-01T00:00:00)');
  });
});
