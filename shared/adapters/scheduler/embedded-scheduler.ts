import type { OneTimeScheduler } from '../../ports/scheduler';
import { scheduleInput, scheduleRetries, type ScheduleTarget } from './schedule-targets';

/** The longest delay `setTimeout` keeps (2^31 - 1 ms). */
const LONGEST_TIMER_MS = 2_147_483_647;

type Invoke = (targetName: string, event: unknown) => Promise<unknown>;

/** The handlers the local stack serves, by schedule target: what the target ARNs name in AWS. */
const served = new Map<string, (event: unknown) => Promise<unknown>>();

/**
 * The local stack serves each schedule row's handler under the row's name; a schedule that fires
 * in this process invokes it, as EventBridge Scheduler invokes the target Lambda.
 */
export const serveScheduleTarget = (name: string, handler: (event: unknown) => Promise<unknown>): void =>
  void served.set(name, handler);

const invokeServed: Invoke = async (targetName, event) => {
  const handler = served.get(targetName);
  if (handler === undefined) throw new Error(`no handler serves the schedule target ${targetName}`);
  return handler(event);
};

/**
 * The local stand-in for EventBridge Scheduler, behind the same port: one timer per schedule, named
 * like the AWS schedule so scheduling twice keeps one. When it fires it invokes the target's handler
 * with the event EventBridge Scheduler would deliver (the same `Input` text, parsed), and a failing
 * run is retried as the Scheduler's retry policy would before it is reported.
 */
export const embeddedScheduler = <P>(
  target: ScheduleTarget<P>,
  options: {
    invoke?: Invoke;
    now?: () => number;
    retries?: number;
    onGiveUp?: (payload: P, error: unknown) => void;
  } = {},
): OneTimeScheduler<P> & { pending(): number; stop(): void } => {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const now = options.now ?? Date.now;
  const invoke = options.invoke ?? invokeServed;

  const run = async (payload: P, input: string) => {
    for (let tries = 0; ; tries += 1) {
      try {
        await invoke(target.name, JSON.parse(input));
        return;
      } catch (error) {
        if (tries >= (options.retries ?? scheduleRetries)) {
          options.onGiveUp?.(payload, error);
          return;
        }
      }
    }
  };

  return {
    async schedule(payload, at) {
      const name = target.scheduleName(payload);
      if (timers.has(name)) return;
      // Made when scheduled, as the AWS schedule's Input is.
      const input = scheduleInput(target, payload);
      // A timer holds at most about 24.8 days (Node fires a longer one at once): a far `at` is
      // reached in steps, each re-armed under the same name, so cancelling still finds it.
      const arm = () => {
        const wait = at.getTime() - now();
        const timer = setTimeout(
          () => {
            if (at.getTime() - now() > 0) return arm();
            timers.delete(name);
            void run(payload, input);
          },
          Math.min(Math.max(0, wait), LONGEST_TIMER_MS),
        );
        timer.unref?.();
        timers.set(name, timer);
      };
      arm();
    },
    async cancel(payload) {
      const name = target.scheduleName(payload);
      clearTimeout(timers.get(name));
      timers.delete(name);
    },
    pending: () => timers.size,
    stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
};
