import type { OverviewTotals } from '../domain/operators/overview';
import type { User } from '../domain/users/user';
import type { Seat } from '../domain/family/seat';
import type { Account } from '../domain/family/account';
import type { Member } from '../domain/family/member';
import type { Subscription } from '../domain/family/subscription';
import type { Connection } from '../domain/operators/connection';
import type { PairingStatus } from '../domain/pairing/pairing.transitions';
import type { DomainEvent } from '../domain/events/event';
import type { InstantPlace } from '../domain/pagination/instant-place';
import type { OperatorMember, OperatorRole, Roster } from '../domain/operators/roster';

/** Operators' access tokens (Cognito's in AWS, the local stand-in issuer's locally). */
export interface OperatorTokens {
  /** The token's subject, or null for any failure (never the reason). */
  verify(token: string): Promise<string | null>;
}

/**
 * The identity provider's side of the member routes: the user and its group (Cognito's admin calls
 * in AWS). The roster stays the role in force; the directory is kept in step with it.
 */
export interface OperatorDirectory {
  /** Creates the user (or finds the one the address already has) in the role's group: its subject. */
  create(email: string, role: OperatorRole): Promise<string>;
  setRole(member: Pick<OperatorMember, 'uid' | 'email'>, from: OperatorRole, to: OperatorRole): Promise<void>;
  /** Deletes the user; one already gone is not an error. */
  remove(member: Pick<OperatorMember, 'uid' | 'email'>): Promise<void>;
}

/** An entry of the audit trail: who did what to what, and when; never content. */
export interface AuditEntry {
  id: string;
  at: string;
  actor: { kind: 'operator' | 'guardian' | 'system'; uid: string };
  action: string;
  target: { kind: string; uid: string };
}

export interface RosterStore {
  /** The roster as it is now (a strongly consistent read). */
  read(): Promise<Roster>;
  /** Writes the roster if nobody changed it since `before` was read (else `StaleWrite`), with its audit entry. */
  write(before: Roster, after: Roster, audit: AuditEntry | null): Promise<void>;
}

export interface AuditPage {
  /** The entry after which the page starts (newest first): its instant and id. */
  after: { at: string; id: string } | null;
  limit: number;
}

export interface AuditTrail {
  /** Newest first. */
  page(query: AuditPage): Promise<AuditEntry[]>;
  /** Writes one entry on its own: an access that changes nothing else (an operator's read). */
  record(entry: AuditEntry): Promise<void>;
}

export interface QueueDepth {
  waiting: number;
  inFlight: number;
  dead: number;
}

/** The event queues' depths (SQS's approximate counts), for the backoffice overview. */
export interface QueueDepths<N extends string = 'sessionEvents' | 'businessEvents'> {
  depths(): Promise<Record<N, QueueDepth>>;
}

/** The overview's counts, summed from the counter items written with each change. */
export interface OverviewCounters {
  read(): Promise<OverviewTotals>;
}

/**
 * What the backoffice's seat lists read of a seat: only these fields travel (a seat item also
 * holds its pairing, alerts and keys: three to six times the bytes of a page for nothing).
 */
export type DependentRow = Pick<Seat, 'uid' | 'accountUid' | 'status' | 'dependent' | 'createdAt'>;
export type ConsentRow = Pick<Seat, 'uid' | 'accountUid' | 'dependent' | 'consent' | 'createdAt'>;

/** The backoffice's lists, each read by one Query on its own index items. */
export interface BackofficeLists {
  /** Users, newest first, after the place (exclusive). */
  users(page: { after: InstantPlace | null; limit: number }): Promise<User[]>;
  /** Seats that have their person, newest first, after the place (exclusive): the list's fields. */
  dependents(page: { after: InstantPlace | null; limit: number }): Promise<DependentRow[]>;
  /** Seats that have a consent request, newest request first, after the place (exclusive). */
  consents(page: { after: InstantPlace | null; limit: number }): Promise<ConsentRow[]>;
  /** Seat channels' connections, newest pairing first, of one status or all (null). */
  connections(page: {
    status: PairingStatus | null;
    after: InstantPlace | null;
    limit: number;
  }): Promise<Connection[]>;
  /** Accounts, newest first, after the place (its creation instant and uid, exclusive). */
  accounts(page: { after: InstantPlace | null; limit: number }): Promise<Account[]>;
  /** Accounts' owners (who pays), newest first, after the place (joined instant, `<account>#<owner>`). */
  customers(page: { after: InstantPlace | null; limit: number }): Promise<Member[]>;
  /** Subscriptions with their account, newest first, after the place (creation instant, account uid). */
  subscriptions(page: {
    after: InstantPlace | null;
    limit: number;
  }): Promise<{ accountUid: string; subscription: Subscription }[]>;
  /** A seat's timeline events, newest first, after the place (`timelinePlaceOf`, exclusive). */
  timeline(seatUid: string, page: { after: string | null; limit: number }): Promise<DomainEvent[]>;
}
