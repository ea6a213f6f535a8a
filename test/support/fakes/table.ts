import type { AlertRecord } from '../../../shared/domain/alerts/alert';
import type { CountedFinding } from '../../../shared/domain/alerts/grouping';
import type { DomainEvent } from '../../../shared/domain/events/event';
import type { Family } from '../../../shared/domain/family/account';
import type { HistoryQueueChange } from '../../../shared/domain/history/history-import';
import type { Notification } from '../../../shared/domain/notifications/notification';
import type { OverviewDelta } from '../../../shared/domain/operators/overview';
import type { ProxyState } from '../../../shared/domain/pairing/proxy';
import type { User } from '../../../shared/domain/users/user';
import type { ExcerptRead } from '../../../shared/ports/alerts';
import type { StoredMessage } from '../../../shared/ports/messages';
import type { AuditEntry } from '../../../shared/ports/operators';
import type { ConsentLinkTarget } from '../../../shared/ports/stores';
import { StaleWrite } from '../../../shared/domain/errors';

/**
 * The single table as the fakes share it: what one store's transaction writes, another store reads
 * (a seat write's inbox entries are the inbox's, its alerts the alert store's). Tests read it to
 * assert outcomes and seed it through the stores or directly.
 */
export interface FakeTable {
  families: Map<string, Family>;
  users: Map<string, User>;
  /** E-mail hash to user uid: what makes an address unique. */
  emailLookups: Map<string, string>;
  /** Every event row written, in order. */
  events: DomainEvent[];
  consentLinks: Map<string, ConsentLinkTarget>;
  /** Handled provider events (and other once-only marks), with their expiry in epoch seconds. */
  providerEvents: Map<string, number>;
  /** Each user's inbox, in write order. */
  inbox: Map<string, Notification[]>;
  /** Alerts by uid, with their account. */
  alerts: Map<string, { accountUid: string; alert: AlertRecord }>;
  /** The seat keys' table: one wrapped key per seat id. */
  wrappedKeys: Map<string, { dataKeyId: string; wrappedKey: string }>;
  /** Sealed messages by `seatId#messageId`. */
  messages: Map<string, { message: StoredMessage; expiresAtSeconds: number }>;
  /** Recorded findings by `seatId#findingKey`. */
  findings: Map<string, CountedFinding>;
  /** The audit trail, in write order. */
  audit: AuditEntry[];
  excerptReads: ExcerptRead[];
  proxies: Map<string, ProxyState>;
  /** The overview deltas written with changes. */
  overview: OverviewDelta[];
  /** The history queue moves written with seats. */
  history: HistoryQueueChange[];
}

export const fakeTable = (): FakeTable => ({
  families: new Map(),
  users: new Map(),
  emailLookups: new Map(),
  events: [],
  consentLinks: new Map(),
  providerEvents: new Map(),
  inbox: new Map(),
  alerts: new Map(),
  wrappedKeys: new Map(),
  messages: new Map(),
  findings: new Map(),
  audit: [],
  excerptReads: [],
  proxies: new Map(),
  overview: [],
  history: [],
});

/** A condition the write's state no longer meets: the whole transaction is refused. */
export const stale = (why: string): never => {
  throw new StaleWrite(new Error(`ConditionalCheckFailed: ${why}`));
};

export const requireThat = (holds: boolean, why: string): void => {
  if (!holds) stale(why);
};

/**
 * A transaction: every condition is checked before anything is applied, so a refused write leaves
 * the table as it was.
 */
export const transaction = (checks: readonly (() => void)[], applies: readonly (() => void)[]): void => {
  for (const check of checks) check();
  for (const apply of applies) apply();
};

/** Event rows are new items: an id written twice refuses the transaction. */
export const eventRows = (table: FakeTable, events: readonly DomainEvent[]) => ({
  check: () => {
    const ids = new Set(table.events.map((event) => event.id));
    for (const event of events) requireThat(!ids.has(event.id), `event ${event.id} exists`);
  },
  apply: () => {
    table.events.push(...structuredClone(events));
  },
});
