export const importStatuses = [
  'waiting',
  'offered',
  'running',
  'done',
  'stuck',
  'failed',
  'cancelled',
] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const importSteps = ['chats', 'messages', 'analysis'] as const;
export type ImportStep = (typeof importSteps)[number];

/**
 * A read of the person's chat history, kept on its seat (the seat's latest import). Its place in the
 * one queue and the slot it holds are items of their own, written in the same transaction as every
 * move of the import (`HistoryQueueChange`).
 */
export interface HistoryImport {
  importId: string;
  status: ImportStatus;
  /** The seat's first import: its warm-up, admitted by itself with no offer. */
  first: boolean;
  offerExpiresAt: string | null;
  /** An offer of this import lapsed: accepting now is `OFFER_EXPIRED`, not `NO_OPEN_OFFER`. */
  offerLapsed: boolean;
  step: ImportStep | null;
  progress: { chats: number; chatsDone: number; messages: number };
  findings: number;
  /** The slot held while `offered` or `running` (1 .. `HISTORY_IMPORT_SLOTS`). */
  slot: number | null;
  queuedAt: string;
  startedAt: string | null;
  /** The last instant the import moved on: stuck detection measures from it. */
  progressAt: string | null;
  finishedAt: string | null;
}

/** A place in the queue: ordered by the instant it joined, then by the import's ULID. */
export interface QueueEntry {
  seatUid: string;
  importId: string;
  queuedAt: string;
}

export const queueEntryOf = (seatUid: string, one: HistoryImport): QueueEntry => ({
  seatUid,
  importId: one.importId,
  queuedAt: one.queuedAt,
});

export type ImportCommand =
  'join' | 'start' | 'offer' | 'accept' | 'lapse' | 'cancel' | 'finish' | 'fail' | 'stick';

export type ImportEventType =
  | 'history.queued'
  | 'history.offered'
  | 'history.started'
  | 'history.finished'
  | 'history.failed'
  | 'history.stuck';

/**
 * The moves of an import, as data: what each command accepts, where it leads, the event it writes,
 * and what it does to the queue and the slots. A slot is taken only by leaving the queue, and every
 * move out of `offered` or `running` gives its slot back: slots are never lost between moves.
 */
export interface ImportRow {
  from: ImportStatus | null;
  on: ImportCommand;
  to: ImportStatus;
  event: ImportEventType | null;
  queue: 'join' | 'leave' | null;
  slot: 'take' | 'free' | null;
}

export const importTable: readonly ImportRow[] = [
  { from: null, on: 'join', to: 'waiting', event: 'history.queued', queue: 'join', slot: null },
  { from: 'waiting', on: 'start', to: 'running', event: 'history.started', queue: 'leave', slot: 'take' },
  { from: 'waiting', on: 'offer', to: 'offered', event: 'history.offered', queue: 'leave', slot: 'take' },
  { from: 'offered', on: 'accept', to: 'running', event: 'history.started', queue: null, slot: null },
  { from: 'offered', on: 'lapse', to: 'waiting', event: 'history.queued', queue: 'join', slot: 'free' },
  { from: 'waiting', on: 'cancel', to: 'cancelled', event: null, queue: 'leave', slot: null },
  { from: 'offered', on: 'cancel', to: 'cancelled', event: null, queue: null, slot: 'free' },
  { from: 'running', on: 'finish', to: 'done', event: 'history.finished', queue: null, slot: 'free' },
  { from: 'running', on: 'fail', to: 'failed', event: 'history.failed', queue: null, slot: 'free' },
  { from: 'running', on: 'stick', to: 'stuck', event: 'history.stuck', queue: null, slot: 'free' },
  // Its pairing ended: ended by the family or the person (`cancel`), or by the provider (`fail`),
  // wherever the import stood, so no import holds a slot or a place it cannot use.
  { from: 'running', on: 'cancel', to: 'cancelled', event: null, queue: null, slot: 'free' },
  { from: 'waiting', on: 'fail', to: 'failed', event: 'history.failed', queue: 'leave', slot: null },
  { from: 'offered', on: 'fail', to: 'failed', event: 'history.failed', queue: null, slot: 'free' },
];

export const rowFor = (from: ImportStatus | null, on: ImportCommand): ImportRow | undefined =>
  importTable.find((row) => row.on === on && row.from === from);

/** Statuses in which an import is in the queue or holds a slot. */
export const isInQueue = (status: ImportStatus): boolean => status === 'waiting' || status === 'offered';
export const holdsSlot = (status: ImportStatus): boolean => status === 'offered' || status === 'running';
export const isOver = (status: ImportStatus): boolean => !isInQueue(status) && status !== 'running';

export const newImport = (fields: { importId: string; first: boolean; now: Date }): HistoryImport => ({
  importId: fields.importId,
  status: 'waiting',
  first: fields.first,
  offerExpiresAt: null,
  offerLapsed: false,
  step: null,
  progress: { chats: 0, chatsDone: 0, messages: 0 },
  findings: 0,
  slot: null,
  queuedAt: fields.now.toISOString(),
  startedAt: null,
  progressAt: null,
  finishedAt: null,
});

/** A move worked out: the import after it, and its row (event, queue, slot). */
export interface ImportMove {
  before: HistoryImport | null;
  after: HistoryImport;
  row: ImportRow;
}

/**
 * Applies a command to the seat's import by the table; `null` when the table has no such move from
 * its status (a late or doubled command changes nothing).
 */
export const moveImport = (
  current: HistoryImport | null,
  on: ImportCommand,
  now: Date,
  options: { joining?: HistoryImport; slot?: number; offerTtlSeconds?: number } = {},
): ImportMove | null => {
  const row = rowFor(current === null || isOver(current.status) ? null : current.status, on);
  if (row === undefined) return null;
  const at = now.toISOString();
  const base = on === 'join' ? options.joining : current;
  if (base === undefined || base === null) return null;
  const after: HistoryImport = { ...base, status: row.to };
  if (row.slot === 'take') after.slot = options.slot ?? null;
  if (row.slot === 'free') after.slot = null;
  switch (on) {
    case 'offer':
      after.offerExpiresAt = new Date(now.getTime() + (options.offerTtlSeconds ?? 0) * 1000).toISOString();
      break;
    case 'lapse':
      // Back to the end of the queue: it joins again now.
      after.offerExpiresAt = null;
      after.offerLapsed = true;
      after.queuedAt = at;
      break;
    case 'start':
    case 'accept':
      after.offerExpiresAt = null;
      after.step = 'chats';
      after.startedAt = at;
      after.progressAt = at;
      break;
    case 'finish':
    case 'fail':
    case 'stick':
    case 'cancel':
      after.finishedAt = at;
      break;
    case 'join':
      break;
  }
  return { before: current, after, row };
};

/**
 * When the running import should end, only when its progress allows an honest estimate: the chats
 * are counted, some are done, and time has passed since it started. The chats still to read are
 * taken to go at the pace of those done.
 */
export const importEta = (one: HistoryImport, now: Date): string | null => {
  if (one.status !== 'running' || one.startedAt === null) return null;
  const { chats, chatsDone } = one.progress;
  if (chats === 0 || chatsDone === 0 || chatsDone >= chats) return null;
  const elapsed = now.getTime() - Date.parse(one.startedAt);
  if (elapsed <= 0) return null;
  const remaining = (elapsed / chatsDone) * (chats - chatsDone);
  return new Date(now.getTime() + Math.ceil(remaining)).toISOString();
};

/**
 * What a move writes beside its seat, in the same transaction: its place in the queue joined or
 * left (only if there, so two moves never both take it out), the slot taken (only if free) or freed
 * (only by its holder).
 */
export interface HistoryQueueChange {
  join?: QueueEntry;
  leave?: QueueEntry;
  takeSlot?: { slot: number; importId: string; seatUid: string };
  freeSlot?: { slot: number; importId: string };
}

export const queueChangeOf = (seatUid: string, move: ImportMove): HistoryQueueChange => {
  const { before, after, row } = move;
  const change: HistoryQueueChange = {};
  if (row.queue === 'join') change.join = queueEntryOf(seatUid, after);
  if (row.queue === 'leave' && before !== null) change.leave = queueEntryOf(seatUid, before);
  if (row.slot === 'take' && after.slot !== null)
    change.takeSlot = { slot: after.slot, importId: after.importId, seatUid };
  if (row.slot === 'free' && before !== null && before.slot !== null)
    change.freeSlot = { slot: before.slot, importId: before.importId };
  return change;
};

/** What the worker's queue carries: the import to run (or resume). */
export interface ImportJob {
  seatUid: string;
  importId: string;
  /** How many runs in a row failed before this one (absent: none), for the retry's backoff. */
  attempt?: number;
  /**
   * The import's messages and chats done when this try was sent: a run that fails after reading
   * more counts its failures afresh.
   */
  mark?: number;
}

/** What an offer's expiry schedule and a stuck check carry: the import and the instant it is due (each due instant its own schedule). */
export interface ImportCheck extends Pick<ImportJob, 'seatUid' | 'importId'> {
  at: string;
}
