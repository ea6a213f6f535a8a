import { effectiveStatus } from '../../domain/consent/consent-request';
import type { AlertRecord } from '../../domain/alerts/alert';
import type { Finding, FindingSource } from '../../domain/alerts/finding';
import { groupFindings, type AlertChange } from '../../domain/alerts/grouping';
import { PREVIOUS_MESSAGES_IN_WINDOW, trimWindow, type WindowMessage } from '../../domain/analysis/window';
import type { DomainEvent } from '../../domain/events/event';
import type { Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { alertUidFor } from '../../domain/family/uids';
import { newNotification } from '../../domain/notifications/notification';
import type { ProviderMessage } from '../../domain/pairing/provider-message';
import { isServiceError } from '../../domain/errors';
import { SealBroken } from '../../ports/content-seal';
import type { StoredMessage } from '../../ports/messages';
import type { KeptMessage } from '../../ports/stores';
import type { Deps } from '../deps';
import { notifyFamily } from '../notifications/notify';
import { openDataKey } from '../seats/data-keys';
import { stateChangeEvents } from '../seats/state-events';
import { alertEventRow } from './alert-events';

export type AnalysisDeps = Pick<
  Deps,
  | 'families'
  | 'ids'
  | 'clock'
  | 'hasher'
  | 'settings'
  | 'notifier'
  | 'notificationSettings'
  | 'analyzer'
  | 'contentSeal'
  | 'messages'
  | 'seatKeys'
  | 'wrappedKeys'
>;

/**
 * What one batch of the worker holds in memory, and only for that batch: the seats' plaintext data
 * keys (one unwrap per seat), and the messages the batch already handled per chat (the chat index
 * is eventually consistent: a message kept a moment ago may not be listed yet).
 */
export interface BatchMemory {
  dataKeys: Map<string, Promise<Uint8Array>>;
  chats: Map<string, WindowMessage[]>;
  /** How many new findings the batch's messages recorded (a history import reports them). */
  findings: number;
  /**
   * A history import reads each chat in order, so the chat's window is read from the table once (the
   * messages kept before this run) and then held here: no Query per message. Null on the live path.
   */
  windowsRead: Set<string> | null;
}

export const newBatchMemory = (options: { chatsInOrder?: boolean } = {}): BatchMemory => ({
  dataKeys: new Map(),
  chats: new Map(),
  findings: 0,
  windowsRead: options.chatsInOrder === true ? new Set() : null,
});

export type MessageOutcome = 'ingested' | 'duplicate' | 'dropped';

/** A seat whose messages are read: active (not paused), the person's consent given, its key present. */
const readableKey = (seat: Seat, now: Date): string | null =>
  seat.status === 'active' &&
  seat.consent !== null &&
  effectiveStatus(seat.consent, now) === 'given' &&
  seat.dataKeyId !== null
    ? seat.dataKeyId
    : null;

/** Whether the seat's messages are read now (its messages otherwise dropped unread). */
export const readsSeat = (deps: Pick<AnalysisDeps, 'clock'>, seat: Seat): boolean =>
  readableKey(seat, deps.clock.now()) !== null;

const dataKeyOf = (deps: AnalysisDeps, memory: BatchMemory, seatId: string, dataKeyId: string) => {
  const cacheKey = `${seatId}:${dataKeyId}`;
  let key = memory.dataKeys.get(cacheKey);
  if (key === undefined) {
    key = openDataKey(deps, { seatId, dataKeyId });
    key.catch(() => memory.dataKeys.delete(cacheKey));
    memory.dataKeys.set(cacheKey, key);
  }
  return key;
};

const byTime = (a: WindowMessage, b: WindowMessage) =>
  a.sentAt === b.sentAt ? a.messageId.localeCompare(b.messageId) : a.sentAt < b.sentAt ? -1 : 1;

/**
 * The messages of the chat before the new one: those kept (opened in memory) and those this batch
 * handled, at most the window's share. A message sealed under an earlier key of the seat (a consent
 * given anew) no longer opens: it is left out, as content past its key.
 */
const previousOf = async (
  deps: AnalysisDeps,
  memory: BatchMemory,
  dataKey: Uint8Array,
  chatKey: string,
  current: WindowMessage,
  seatId: string,
  chat: string,
): Promise<WindowMessage[]> => {
  const known = new Map<string, WindowMessage>();
  if (memory.windowsRead?.has(chatKey) !== true) {
    const stored = await deps.messages.lastOfChat(seatId, chat, PREVIOUS_MESSAGES_IN_WINDOW);
    for (const message of stored) {
      const opened = openStored(deps, dataKey, message);
      if (opened !== null) known.set(opened.messageId, opened);
    }
  }
  for (const message of memory.chats.get(chatKey) ?? []) known.set(message.messageId, message);
  if (memory.windowsRead !== null && !memory.windowsRead.has(chatKey)) {
    memory.windowsRead.add(chatKey);
    memory.chats.set(chatKey, [...known.values()].sort(byTime).slice(-PREVIOUS_MESSAGES_IN_WINDOW));
  }
  known.delete(current.messageId);
  return [...known.values()]
    .filter((message) => message.sentAt <= current.sentAt)
    .sort(byTime)
    .slice(-PREVIOUS_MESSAGES_IN_WINDOW);
};

const openStored = (
  deps: AnalysisDeps,
  dataKey: Uint8Array,
  message: StoredMessage,
): WindowMessage | null => {
  try {
    const text = deps.contentSeal.open(dataKey, message, message.sealed);
    return { messageId: message.messageId, fromMe: message.fromMe, text, sentAt: message.sentAt };
  } catch (error) {
    if (error instanceof SealBroken) return null;
    throw error;
  }
};

const withChanges = (open: readonly AlertRecord[], changes: readonly AlertChange[]): AlertRecord[] => {
  const changed = new Map(changes.map(({ alert }) => [alert.uid, alert]));
  const kept = open.map((alert) => changed.get(alert.uid) ?? alert);
  const added = changes.filter(({ before }) => before === null).map(({ alert }) => alert);
  return [...kept, ...added];
};

/** A message of a seat whose messages are read, its provider ids hashed, ready to be analysed. */
export interface ReadableMessage {
  seatId: string;
  dataKeyId: string;
  chat: string;
  chatKey: string;
  current: WindowMessage;
}

/** The message as this service knows it, or null when the seat is not protected (dropped unread). */
export const readableMessage = (
  deps: Pick<AnalysisDeps, 'clock' | 'hasher'>,
  seat: Seat,
  message: ProviderMessage,
): ReadableMessage | null => {
  const dataKeyId = readableKey(seat, deps.clock.now());
  if (dataKeyId === null) return null;
  const { seatId } = seat;
  // The provider's ids hold phone numbers: only their keyed hashes are kept or compared.
  const chat = deps.hasher.digest('chat', message.chat);
  return {
    seatId,
    dataKeyId,
    chat,
    chatKey: `${seatId}:${chat}`,
    current: {
      messageId: deps.hasher.digest('message', message.id),
      fromMe: message.fromMe,
      text: message.text,
      sentAt: new Date(message.timestamp * 1000).toISOString(),
    },
  };
};

/** What analysing a message decided, nothing written yet: the sealed message with its findings, and the alerts' changes. */
export interface Assessment {
  readable: ReadableMessage;
  kept: KeptMessage;
  grouping: ReturnType<typeof groupFindings>;
}

/** Nothing to record but the sealed message itself (no finding, no alert moved). */
export const onlyTheMessage = ({ grouping }: Assessment): boolean =>
  grouping.findings.length === 0 && grouping.changes.length === 0;

/** Seals the message and analyses it in the window of its chat, the findings grouped into the seat's alerts. */
export const assessMessage = async (
  deps: AnalysisDeps,
  memory: BatchMemory,
  seat: Seat,
  readable: ReadableMessage,
  source: FindingSource,
): Promise<Assessment> => {
  const now = deps.clock.now();
  const { seatId, chat, chatKey, current } = readable;
  const { messageId } = current;
  const dataKey = await dataKeyOf(deps, memory, seatId, readable.dataKeyId);
  const previous = await previousOf(deps, memory, dataKey, chatKey, current, seatId, chat);
  const window = trimWindow([...previous, current]);
  const inWindow = new Map(window.map((one) => [one.messageId, one]));
  const findings: Finding[] = (await deps.analyzer.assess(window)).flatMap((finding) => {
    const carrier = inWindow.get(finding.messageId);
    return carrier === undefined ? [] : [{ ...finding, source, sentAt: carrier.sentAt }];
  });
  const earlier = findings.filter((finding) => finding.messageId !== messageId);
  const counted =
    earlier.length === 0 ? new Set<string>() : await deps.messages.recordedFindings(seatId, earlier);
  const grouping = groupFindings({
    seatUid: seat.uid,
    openAlerts: seat.openAlerts,
    findings,
    counted,
    now,
    newAlertUid: () => alertUidFor(seat.accountUid, deps.ids.ulid()),
  });
  const kept: KeptMessage = {
    message: {
      seatId,
      messageId,
      chat,
      fromMe: current.fromMe,
      sentAt: current.sentAt,
      sealed: deps.contentSeal.seal(dataKey, { seatId, messageId }, current.text),
    },
    findings: grouping.findings,
    expiresAtSeconds: Math.floor(now.getTime() / 1000) + deps.settings.contentRetentionSeconds,
  };
  return { readable, kept, grouping };
};

/**
 * Writes an assessment in one transaction (the sealed message, only if absent, being the record
 * that it was handled): with the seat's alerts, events and the guardians' notices when an alert
 * moved. Guardians are told after the commit.
 */
export const writeAssessment = async (
  deps: AnalysisDeps,
  family: Family,
  seat: Seat,
  { kept, grouping }: Assessment,
): Promise<void> => {
  if (grouping.changes.length === 0) {
    await deps.families.keepMessage(seat, kept);
    return;
  }
  const now = deps.clock.now();
  const after: Seat = {
    ...seat,
    openAlerts: withChanges(seat.openAlerts, grouping.changes),
    updatedAt: now.toISOString(),
  };
  const events: DomainEvent[] = [
    ...grouping.events.map((event) => alertEventRow(deps, 'workers', seat, event)),
    ...stateChangeEvents(deps, seat, after, 'workers'),
  ];
  const notifications = grouping.notifications.map((notice) =>
    newNotification({
      id: deps.ids.ulid(),
      type: notice.type,
      seatUid: notice.seatUid,
      severity: notice.severity,
      now,
    }),
  );
  await notifyFamily(deps, family, notifications, (inbox) =>
    deps.families.saveSeat(after, events, {
      alerts: grouping.changes,
      message: kept,
      notifications: inbox,
    }),
  );
};

/** The message joins its chat's window in memory (handled, or found handled before). */
export const remember = (memory: BatchMemory, { chatKey, current }: ReadableMessage): void => {
  memory.chats.set(
    chatKey,
    [...(memory.chats.get(chatKey) ?? []), current].slice(-PREVIOUS_MESSAGES_IN_WINDOW),
  );
};

/**
 * A message of a paired seat, live or read by its history import (`source`), handled once by its
 * own id whichever way it came: dropped unread unless the seat is protected; otherwise sealed,
 * analysed and written (`assessMessage`, `writeAssessment`). An analysis that fails throws: nothing
 * is written and the queue brings the message back.
 */
export const analyseMessage = async (
  deps: AnalysisDeps,
  memory: BatchMemory,
  family: Family,
  seat: Seat,
  message: ProviderMessage,
  source: FindingSource = 'live',
): Promise<MessageOutcome> => {
  const readable = readableMessage(deps, seat, message);
  if (readable === null) return 'dropped';
  if (await deps.messages.has(readable.seatId, readable.current.messageId)) return 'duplicate';
  let assessment: Assessment;
  try {
    assessment = await assessMessage(deps, memory, seat, readable, source);
  } catch (error) {
    // The key's copy went since the seat was read (the person stopped meanwhile): nothing is read.
    if (isServiceError(error) && error.code === 'SEAT_KEY_GONE') return 'dropped';
    throw error;
  }
  await writeAssessment(deps, family, seat, assessment);
  memory.findings += assessment.grouping.findings.length;
  remember(memory, readable);
  return 'ingested';
};
