import type { ReconnectAttempt } from '../../domain/pairing/reconnect';
import type { ReconnectScheduler } from '../../ports/scheduler';

/**
 * The local stand-in for EventBridge Scheduler, behind the same port: one timer per attempt, named
 * like the AWS schedule so scheduling twice keeps one, and a failing run is retried (as the
 * Scheduler's retry policy would) before it is reported.
 */
export const embeddedScheduler = (
  fire: (attempt: ReconnectAttempt) => Promise<void>,
  options: {
    now?: () => number;
    retries?: number;
    onGiveUp?: (attempt: ReconnectAttempt, error: unknown) => void;
  } = {},
): ReconnectScheduler & { pending(): number; stop(): void } => {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const now = options.now ?? Date.now;
  const nameOf = (attempt: ReconnectAttempt) => `${attempt.pairingId}-${attempt.attempt}`;

  const run = async (attempt: ReconnectAttempt) => {
    for (let tries = 0; ; tries += 1) {
      try {
        await fire(attempt);
        return;
      } catch (error) {
        if (tries >= (options.retries ?? 3)) {
          options.onGiveUp?.(attempt, error);
          return;
        }
      }
    }
  };

  return {
    async schedule(attempt, at) {
      const name = nameOf(attempt);
      if (timers.has(name)) return;
      const timer = setTimeout(
        () => {
          timers.delete(name);
          void run(attempt);
        },
        Math.max(0, at.getTime() - now()),
      );
      timer.unref?.();
      timers.set(name, timer);
    },
    async cancel(attempt) {
      const name = nameOf(attempt);
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
