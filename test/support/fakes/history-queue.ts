import type { ImportJob } from '../../../shared/domain/history/history-import';
import type { ChatCheckpoint, HistoryQueue, HistoryWork } from '../../../shared/ports/history-queue';
import type { FakeTable } from './table';

/**
 * The history queue's reads over the moves the family store wrote (`FakeTable.history`): entries
 * joined and not left, in queue order, and the slots taken and not freed.
 */
export const fakeHistoryQueue = (
  table: FakeTable,
): HistoryQueue & { checkpoints: Map<string, ChatCheckpoint> } => {
  const checkpoints = new Map<string, ChatCheckpoint>();
  const waiting = () => {
    const joined = table.history.flatMap((change) => (change.join === undefined ? [] : [change.join]));
    const left = new Set(
      table.history.flatMap((change) => (change.leave === undefined ? [] : [change.leave.importId])),
    );
    return joined
      .filter((entry) => !left.has(entry.importId))
      .toSorted((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.importId.localeCompare(b.importId));
  };
  const held = () => {
    const slots = new Map<number, string>();
    for (const change of table.history) {
      if (change.takeSlot !== undefined) slots.set(change.takeSlot.slot, change.takeSlot.importId);
      if (change.freeSlot !== undefined && slots.get(change.freeSlot.slot) === change.freeSlot.importId)
        slots.delete(change.freeSlot.slot);
    }
    return slots;
  };
  return {
    checkpoints,
    head: async (limit) => waiting().slice(0, limit),
    position: async (entry) => waiting().findIndex((one) => one.importId === entry.importId) + 1,
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
