import type { OverviewDelta } from '../domain/operators/overview';
import type { AuditEntry } from './operators';
import type { DayTally } from '../domain/family/week';
import type { AlertChange, CountedFinding } from '../domain/alerts/grouping';
import type { MagicLink, OtpChallenge } from '../domain/auth/otp';
import type { DomainEvent } from '../domain/events/event';
import type { HistoryQueueChange } from '../domain/history/history-import';
import type { Family } from '../domain/family/account';
import type { Account } from '../domain/family/account';
import type { Member, Role } from '../domain/family/member';
import type { Notification } from '../domain/notifications/notification';
import type { Seat } from '../domain/family/seat';
import type { Subscription } from '../domain/family/subscription';
import type { RateRule, RateVerdict } from '../domain/rate-limit/window';
import type { User } from '../domain/users/user';
import type { StoredMessage } from './messages';

/**
 * Stores are the ports of the table. Every write method is one transaction that carries the state
 * change and its event rows together; a write whose read state moved (a `version` that changed, an
 * item created meanwhile) throws `StaleWrite`, for the command to decide again.
 */

/** A user created together with the lookup that makes its e-mail unique. */
export interface NewUser {
  user: User;
  emailHash: string;
}

export interface UserStore {
  get(userUid: string): Promise<User | null>;
  uidByEmailHash(emailHash: string): Promise<string | null>;
  /** Saves the profile, and its name on the user's member items in `memberOf` (`Member.name`). */
  saveProfile(user: User, memberOf: readonly string[]): Promise<User>;
}

export interface MembershipSummary {
  accountUid: string;
  name: string;
  role: Role;
}

export interface ConsentLinkTarget {
  accountUid: string;
  seatUid: string;
  requestId: string;
}

/**
 * A message handled with the change that analysed it: the sealed message is its own record of being
 * handled (written only if absent, so it is handled once whichever event brings it), and each new
 * finding only if absent too; all kept until `expiresAtSeconds` (the content retention).
 */
export interface KeptMessage {
  message: StoredMessage;
  findings: readonly CountedFinding[];
  expiresAtSeconds: number;
}

/** Guardians' inbox entries caused by a change, one per recipient. */
export interface InboxNotice {
  value: Notification;
  recipients: readonly string[];
}

export interface SeatChangeExtras {
  /** A new consent link to register (its token as a keyed hash). */
  consentLink?: { tokenHash: string; requestId: string };
  /** The account's subscription to write: `new` only if none exists, `replace` if its version is unchanged. */
  subscription?: { value: Subscription; mode: 'new' | 'replace' };
  /** Guardians' inbox entries caused by the change. */
  notifications?: readonly InboxNotice[];
  /** The proxy slot an ended pairing gives back, exactly once: with the move that ends it. */
  releaseProxy?: string;
  /** The proxy slot a session moved onto takes, with the move (only while that address has room). */
  takeProxy?: string;
  /** The provider event the change handles, kept until `expiresAtSeconds`: it is handled once. */
  providerEvent?: { id: string; expiresAtSeconds: number };
  /**
   * Alerts the change opens or changes, each in its final state: a new one only if absent, a known
   * one over its item (the seat's version, checked with the seat, orders every alert change).
   */
  alerts?: readonly AlertChange[];
  /** The message whose analysis made the change, with its findings. */
  message?: KeptMessage;
  /** What the change adds to the seat's days (`weekChange`): each added to its day's tally. */
  days?: readonly DayTally[];
  /** The audit entry of the operator action that made the change. */
  audit?: AuditEntry;
  /** What the change adds to the backoffice overview's counts (in the seat's shard). */
  overview?: OverviewDelta;
  /** The history import queue and slots the change's import move joins, leaves, takes or frees. */
  history?: HistoryQueueChange;
  /**
   * The seat's data key made or destroyed by the change (`dataKeyChange`): its wrapped copy is put
   * into, or deleted from, the seat keys' store in the same transaction. A seat whose `dataKeyId`
   * changes without it is refused (`StaleWrite`): a key is never left behind, nor named without
   * its copy.
   */
  dataKey?: DataKeyChange;
}

/** What a seat write does to its data key's wrapped copy (kept apart from the seat, with no backup). */
export type DataKeyChange = { kind: 'made'; wrappedKey: string } | { kind: 'destroyed' };

export interface FamilyStore {
  load(accountUid: string): Promise<Family | null>;
  listForUser(userUid: string): Promise<MembershipSummary[]>;
  createAccount(account: Account, owner: Member, events: DomainEvent[]): Promise<void>;
  /** Adds a new seat (which has no data key yet). */
  addSeat(seat: Seat, events: DomainEvent[]): Promise<void>;
  /** Saves the seat if its version is unchanged, with what else changed in the same transaction. */
  saveSeat(seat: Seat, events: DomainEvent[], also?: SeatChangeExtras): Promise<Seat>;
  /** Whether a provider event was already handled (see `SeatChangeExtras.providerEvent`). */
  handledProviderEvent(eventId: string): Promise<boolean>;
  /**
   * Keeps a message whose analysis changed no alert, only while the seat is still the one it was
   * decided on (active, with the same data key): a message is never kept for a seat stopped or
   * paused meanwhile (`StaleWrite`, as for a message kept by now).
   */
  keepMessage(seat: Seat, kept: KeptMessage): Promise<void>;
  /** Where a consent link's token (keyed hash) points. */
  findConsentLink(tokenHash: string): Promise<ConsentLinkTarget | null>;
  /** Opens the account's subscription (`StaleWrite` if one exists by now). */
  openSubscription(account: Account, subscription: Subscription, events: DomainEvent[]): Promise<void>;
  addMember(account: Account, member: Member, newUser: NewUser | null, events: DomainEvent[]): Promise<void>;
  saveMember(account: Account, member: Member, events: DomainEvent[]): Promise<Member>;
  removeMember(account: Account, member: Member, events: DomainEvent[]): Promise<void>;
}

export interface OtpStore {
  /** The address's user (if any) and its current challenge: one item collection, one read. */
  signInState(emailHash: string): Promise<{ userUid: string | null; challenge: OtpChallenge | null }>;
  /** Replaces the e-mail's challenge; a new link is stored, and the link it replaces is marked. */
  replaceChallenge(
    emailHash: string,
    challenge: OtpChallenge,
    link: MagicLink | null,
    replacedLinkHash: string | null,
    nowMs: number,
  ): Promise<void>;
  /** Counts one wrong attempt (creating the challenge of an address never asked for) and returns the total. */
  countWrongAttempt(emailHash: string, expiresAtMs: number): Promise<number>;
  /** Marks the code used, if it still is the current unused one; creates the user on sign-up. */
  consumeCode(
    emailHash: string,
    challenge: OtpChallenge,
    nowMs: number,
    newUser: NewUser | null,
  ): Promise<void>;
  getLink(linkHash: string): Promise<MagicLink | null>;
  consumeLink(link: MagicLink, nowMs: number, newUser: NewUser | null): Promise<void>;
}

export interface RateLimiter {
  /** Counts one hit of `identifier` under `rule` and says whether it is within the limit. */
  hit(ruleName: string, identifier: string, rule: RateRule): Promise<RateVerdict>;
}
