import type { OneTimeScheduler } from '../../../shared/ports/scheduler';

/** One-time schedules kept until cancelled: `pending` lists what would still fire, with its time. */
export interface FakeScheduler<P> extends OneTimeScheduler<P> {
  pending: { payload: P; at: Date }[];
  cancelled: P[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const fakeScheduler = <P>(): FakeScheduler<P> => {
  const scheduler: FakeScheduler<P> = {
    pending: [],
    cancelled: [],
    schedule: async (payload, at) => {
      // A payload scheduled again replaces its schedule (a schedule's name is its payload's).
      scheduler.pending = [
        ...scheduler.pending.filter((one) => !same(one.payload, payload)),
        { payload, at },
      ];
    },
    cancel: async (payload) => {
      scheduler.cancelled.push(payload);
      scheduler.pending = scheduler.pending.filter((one) => !same(one.payload, payload));
    },
  };
  return scheduler;
};
