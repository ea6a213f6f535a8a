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
import { SealBroken } from '../../ports/content-seal';
import type { StoredMessage } from '../../ports/messages';
import type { KeptMessage } from '../../ports/stores';
import type { Deps } from '../deps';
import { notifyFamily } from '../notifications/notify';
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
}

export const newBatchMemory = (): BatchMemory => ({ dataKeys: new Map(), chats: new Map(), findings: 0 });

export type MessageOutcome = 'ingested' | 'duplicate' | 'dropped';

/** A seat whose messages are read: active (not paused), the person's consent given, its key present. */
const readableKey = (seat: Seat, now: Date): string | null =>
  seat.status === 'active' &&
  seat.consent !== null &&
  effectiveStatus(seat.consent, now) === 'given' &&
  seat.encryptedDataKey !== null
    ? seat.encryptedDataKey
    : null;

const dataKeyOf = (deps: AnalysisDeps, memory: BatchMemory, seatId: string, wrapped: string) => {
  const cacheKey = `${seatId}:${wrapped}`;
  let key = memory.dataKeys.get(cacheKey);
  if (key === undefined) {
    key = deps.seatKeys.open(seatId, wrapped);
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
  const stored = await deps.messages.lastOfChat(seatId, chat, PREVIOUS_MESSAGES_IN_WINDOW);
  const known = new Map<string, WindowMessage>();
  for (const message of stored) {
    const opened = openStored(deps, dataKey, message);
    if (opened !== null) known.set(opened.messageId, opened);
  }
  for (const message of memory.chats.get(chatKey) ?? []) known.set(message.messageId, message);
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

/**
 * A message of a paired seat, live or read by its history import (`source`), handled once by its
 * own id whichever way it came: dropped unread unless the seat is
 * protected; otherwise sealed with the seat's data key and analysed in the window of its chat, the
 * findings grouped into the seat's alerts, and all of it written in one transaction (the sealed
 * message, only if absent, being the record that it was handled). An analysis that fails throws:
 * nothing is written and the queue brings the message back. Guardians are told after the commit.
 */
export const analyseMessage = async (
  deps: AnalysisDeps,
  memory: BatchMemory,
  family: Family,
  seat: Seat,
  message: ProviderMessage,
  source: FindingSource = 'live',
): Promise<MessageOutcome> => {
  const now = deps.clock.now();
  const wrapped = readableKey(seat, now);
  if (wrapped === null) return 'dropped';
  const { seatId } = seat;
  // The provider's ids hold phone numbers: only their keyed hashes are kept or compared.
  const messageId = deps.hasher.digest('message', message.id);
  if (await deps.messages.has(seatId, messageId)) return 'duplicate';

  const dataKey = await dataKeyOf(deps, memory, seatId, wrapped);
  const chat = deps.hasher.digest('chat', message.chat);
  const chatKey = `${seatId}:${chat}`;
  const current: WindowMessage = {
    messageId,
    fromMe: message.fromMe,
    text: message.text,
    sentAt: new Date(message.timestamp * 1000).toISOString(),
  };
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
      fromMe: message.fromMe,
      sentAt: current.sentAt,
      sealed: deps.contentSeal.seal(dataKey, { seatId, messageId }, message.text),
    },
    findings: grouping.findings,
    expiresAtSeconds: Math.floor(now.getTime() / 1000) + deps.settings.contentRetentionSeconds,
  };

  if (grouping.changes.length === 0) {
    await deps.families.keepMessage(seat, kept);
  } else {
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
  }
  memory.findings += grouping.findings.length;
  memory.chats.set(
    chatKey,
    [...(memory.chats.get(chatKey) ?? []), current].slice(-PREVIOUS_MESSAGES_IN_WINDOW),
  );
  return 'ingested';
};
