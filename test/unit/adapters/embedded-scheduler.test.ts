import { SchedulerClient, CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReconnectAttempt } from '../../../shared/domain/pairing/reconnect';
import {
  embeddedScheduler,
  serveScheduleTarget,
} from '../../../shared/adapters/scheduler/embedded-scheduler';
import { eventBridgeScheduler } from '../../../shared/adapters/scheduler/eventbridge-scheduler';
import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
afterEach(() => vi.useRealTimers());

const reconnect = scheduleTargets.reconnect;
/** A scheduler whose target records the attempts it was invoked with. */
const recording = () => {
  const fired: number[] = [];
  const scheduler = embeddedScheduler(reconnect, {
    invoke: async (_target, event) => void fired.push(reconnect.payload.parse(event).attempt),
  });
  return { fired, scheduler };
};

describe('the embedded scheduler', () => {
  it('fires each attempt at its time, once, even when scheduled twice', async () => {
    const { fired, scheduler } = recording();
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 1 },
      new Date('2026-11-22T10:00:30Z'),
    );
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 1 },
      new Date('2026-11-22T10:00:30Z'),
    );
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 2 },
      new Date('2026-11-22T10:02:30Z'),
    );
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([1]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fired).toEqual([1, 2]);
    expect(scheduler.pending()).toBe(0);
  });

  it('holds a schedule longer than a timer can (a 30-day pause): fires at its time, and cancels', async () => {
    const pauseResume = scheduleTargets.pauseResume;
    const fired: string[] = [];
    const scheduler = embeddedScheduler(pauseResume, {
      invoke: async (_target, event) => void fired.push(pauseResume.payload.parse(event).pauseId),
    });
    const dayMs = 86_400_000;
    await scheduler.schedule({ seatUid: 'st_x', pauseId: 'far' }, new Date(Date.now() + 30 * dayMs));
    await scheduler.schedule({ seatUid: 'st_x', pauseId: 'cancelled' }, new Date(Date.now() + 30 * dayMs));
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(26 * dayMs);
    await scheduler.cancel({ seatUid: 'st_x', pauseId: 'cancelled' });
    await vi.advanceTimersByTimeAsync(4 * dayMs - 2);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual(['far']);
    expect(scheduler.pending()).toBe(0);
  });

  it('does not fire a cancelled attempt', async () => {
    const { fired, scheduler } = recording();
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 1 },
      new Date('2026-11-22T10:00:30Z'),
    );
    await scheduler.cancel({ seatUid: 'st_x', pairingId: 'P', attempt: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fired).toEqual([]);
  });

  it('retries a failing run, then reports it', async () => {
    let calls = 0;
    const gaveUp: number[] = [];
    const scheduler = embeddedScheduler(reconnect, {
      invoke: async () => {
        calls += 1;
        throw new Error('worker failed');
      },
      retries: 2,
      onGiveUp: (attempt) => void gaveUp.push(attempt.attempt),
    });
    await scheduler.schedule(
      { seatUid: 'st_x', pairingId: 'P', attempt: 3 },
      new Date('2026-11-22T10:00:01Z'),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(3);
    expect(gaveUp).toEqual([3]);
  });

  it('invokes the handler served under the target’s name with the event EventBridge Scheduler would deliver', async () => {
    const attempt: ReconnectAttempt = { seatUid: 'st_x', pairingId: 'P9', attempt: 2 };
    const aws = mockClient(SchedulerClient).on(CreateScheduleCommand).resolves({});
    await eventBridgeScheduler(new SchedulerClient({}), reconnect, {
      groupName: 'g',
      targetArn: 'arn:target',
      roleArn: 'arn:role',
      deadLetterArn: 'arn:dlq',
    }).schedule(attempt, new Date('2026-11-22T10:00:05Z'));
    const input = aws.commandCalls(CreateScheduleCommand)[0]?.args[0].input.Target?.Input ?? '';
    aws.restore();

    const received: unknown[] = [];
    serveScheduleTarget(reconnect.name, async (event) => void received.push(event));
    await embeddedScheduler(reconnect).schedule(attempt, new Date('2026-11-22T10:00:05Z'));
    await vi.advanceTimersByTimeAsync(5_000);
    // What a Lambda target receives: the schedule's Input, parsed.
    expect(received).toEqual([JSON.parse(input)]);
    expect(reconnect.payload.parse(received[0])).toEqual(attempt);
  });

  it('gives a schedule up when no handler serves its target', async () => {
    const gaveUp: unknown[] = [];
    const scheduler = embeddedScheduler(
      { ...reconnect, name: 'nobody' },
      { retries: 0, onGiveUp: (_attempt, error) => void gaveUp.push(error) },
    );
    await scheduler.schedule({ seatUid: 'st_x', pairingId: 'P', attempt: 1 }, new Date());
    await vi.advanceTimersByTimeAsync(0);
    expect(String(gaveUp[0])).toMatch(/no handler serves the schedule target nobody/);
  });
});
