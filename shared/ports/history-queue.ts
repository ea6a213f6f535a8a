import type { ImportJob, QueueEntry } from '../domain/history/history-import';

/** How far an import read one chat: the offset of its next page, and whether the chat is done. */
export interface ChatCheckpoint {
  offset: number;
  done: boolean;
}

/**
 * The reads of the history import queue (its writes go with the seat's transaction,
 * `SeatChangeExtras.history`) and the per-chat checkpoints of a running import.
 */
export interface HistoryQueue {
  /** The first waiting imports, in queue order. */
  head(limit: number): Promise<QueueEntry[]>;
  /** The entry's place in the queue, from 1. */
  position(entry: QueueEntry): Promise<number>;
  /** The slots (1 .. total) no import holds now. */
  freeSlots(total: number): Promise<number[]>;
  checkpoint(importId: string, chatHash: string): Promise<ChatCheckpoint | null>;
  saveCheckpoint(
    importId: string,
    chatHash: string,
    checkpoint: ChatCheckpoint,
    expiresAtSeconds: number,
  ): Promise<void>;
}

/**
 * The history worker's queue: one message runs (or resumes) one admitted import; a failed run's
 * next try is sent `delaySeconds` later.
 */
export interface HistoryWork {
  send(job: ImportJob, options?: { delaySeconds?: number }): Promise<void>;
}
