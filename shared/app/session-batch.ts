import { StaleWrite } from '../domain/errors';
import type { Family } from '../domain/family/account';
import type { FamilyStore } from '../ports/stores';
import { newBatchMemory, type AnalysisDeps, type BatchMemory } from './alerts/analyse-message';
import { handleStatusReport, type PairingWorkerDeps } from './pairing/session-events';
import { analyseLiveMessage } from './alerts/live-messages';
import { readCatchUp, type CatchUp } from './pairing/catch-up';
import type { ReadSessionEvent, SessionEvent, UnusableSessionEvent } from '../ports/session-provider';

/**
 * The session-events worker's: moving pairings by the session's status, and analysing its
 * messages. One batch serves both, so it is neither capability's.
 */
export type WorkerDeps = PairingWorkerDeps & AnalysisDeps;

/**
 * The families a batch reads, read once per batch: a family is kept from its first read and
 * follows the seats the batch saves. A write that finds it moved (`StaleWrite`) drops it, so the
 * retry reads it fresh; every write still checks the version it was decided on.
 */
export const batchFamilies = (store: FamilyStore): FamilyStore => {
  const read = new Map<string, Promise<Family | null>>();
  const dropOnStale = async <T>(accountUid: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof StaleWrite) read.delete(accountUid);
      throw error;
    }
  };
  return {
    ...store,
    load(accountUid) {
      let family = read.get(accountUid);
      if (family === undefined) {
        family = store.load(accountUid);
        family.catch(() => read.delete(accountUid));
        read.set(accountUid, family);
      }
      return family;
    },
    async saveSeat(seat, events, also) {
      const saved = await dropOnStale(seat.accountUid, () => store.saveSeat(seat, events, also));
      const family = await read.get(seat.accountUid);
      if (family != null) {
        const seats = family.seats.map((known) => (known.uid === saved.uid ? saved : known));
        read.set(seat.accountUid, Promise.resolve({ ...family, seats }));
      }
      return saved;
    },
    keepMessage: (seat, kept) => dropOnStale(seat.accountUid, () => store.keepMessage(seat, kept)),
  };
};

/** One batch of the session-events queue: its deps with the batch's family reads, and its memory. */
export const sessionEventBatch = (deps: WorkerDeps): { deps: WorkerDeps; memory: BatchMemory } => ({
  deps: { ...deps, families: batchFamilies(deps.families) },
  memory: newBatchMemory(),
});

/** What the session-events queue carries, as read: the provider's event, or a pairing's own catch-up. */
export type QueuedSessionEvent = SessionEvent | UnusableSessionEvent | CatchUp;

/** A queued body's event: a pairing's own catch-up, or the provider's event as its adapter reads it. */
export const readQueuedSessionEvent = (
  body: string,
  readProviderEvent: ReadSessionEvent,
): QueuedSessionEvent => readCatchUp(body) ?? readProviderEvent(body);

/** Each event to the capability it concerns: a status moves the pairing, a message is analysed. */
export const dispatchSessionEvent = (
  batch: ReturnType<typeof sessionEventBatch>,
  event: QueuedSessionEvent,
  eventId: string,
) => {
  switch (event.kind) {
    case 'status':
    case 'catch_up':
      return handleStatusReport(batch.deps, event, eventId);
    case 'message':
      return analyseLiveMessage(batch.deps, batch.memory, event);
    case 'unusable':
      return Promise.resolve('not_an_event' as const);
  }
};
