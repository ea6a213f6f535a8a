import type {
  HistoryQueueChange,
  ImportJob,
  QueueEntry,
} from '../../../shared/domain/history/history-import';
import type { ChatCheckpoint, HistoryQueue, HistoryWork } from '../../../shared/ports/history-queue';
import { requireThat, type FakeTable } from './table';

const entryKey = (entry: QueueEntry) => `${entry.queuedAt}#${entry.importId}`;

/**
 * The queue and the slots as the moves the family store wrote leave them (`FakeTable.history`, in
 * order): an entry is keyed by when it joined and its import (an offer that lapsed joins again,
 * later), a slot by its number.
 */
export const historyQueueState = (table: FakeTable) => {
  const entries = new Map<string, QueueEntry>();
  const slots = new Map<number, string>();
  for (const change of table.history) {
    if (change.leave !== undefined) entries.delete(entryKey(change.leave));
    if (change.join !== undefined) entries.set(entryKey(change.join), change.join);
    if (change.freeSlot !== undefined && slots.get(change.freeSlot.slot) === change.freeSlot.importId)
      slots.delete(change.freeSlot.slot);
    if (change.takeSlot !== undefined) slots.set(change.takeSlot.slot, change.takeSlot.importId);
  }
  return { entries, slots };
};

/**
 * The conditions of a move's queue and slot items (`historyQueueItems`): joining only if absent,
 * leaving only if there, a slot taken only if free and freed only by its holder.
 */
export const historyQueueChecks = (table: FakeTable, change: HistoryQueueChange): void => {
  const { entries, slots } = historyQueueState(table);
  const { join, leave, takeSlot, freeSlot } = change;
  if (leave !== undefined) requireThat(entries.has(entryKey(leave)), `the import ${leave.importId} waits`);
  if (join !== undefined) requireThat(!entries.has(entryKey(join)), `the import ${join.importId} is queued`);
  if (freeSlot !== undefined)
    requireThat(slots.get(freeSlot.slot) === freeSlot.importId, `slot ${freeSlot.slot} is the import's`);
  if (takeSlot !== undefined) requireThat(!slots.has(takeSlot.slot), `slot ${takeSlot.slot} is free`);
};

/** The history queue's reads over the moves the family store wrote (`historyQueueState`). */
export const fakeHistoryQueue = (
  table: FakeTable,
): HistoryQueue & { checkpoints: Map<string, ChatCheckpoint> } => {
  const checkpoints = new Map<string, ChatCheckpoint>();
  const waiting = () =>
    [...historyQueueState(table).entries.values()].toSorted(
      (a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.importId.localeCompare(b.importId),
    );
  const held = () => historyQueueState(table).slots;
  return {
    checkpoints,
    head: async (limit) => waiting().slice(0, limit),
    position: async (entry) => waiting().findIndex((one) => entryKey(one) === entryKey(entry)) + 1,
    freeSlots: async (total) =>
      Array.from({ length: total }, (_, index) => index + 1).filter((slot) => !held().has(slot)),
    checkpoint: async (importId, chatHash) => checkpoints.get(`${importId}#${chatHash}`) ?? null,
    saveCheckpoint: async (importId, chatHash, checkpoint) => {
      checkpoints.set(`${importId}#${chatHash}`, { ...checkpoint });
    },
  };
};

/** The imports handed to their worker, in order, each with the delay asked (null: at once). */
export const fakeHistoryWork = (): HistoryWork & {
  sent: { job: ImportJob; delaySeconds: number | null }[];
} => {
  const sent: { job: ImportJob; delaySeconds: number | null }[] = [];
  return {
    sent,
    send: async (job, options = {}) => {
      sent.push({ job: structuredClone(job), delaySeconds: options.delaySeconds ?? null });
    },
  };
};
