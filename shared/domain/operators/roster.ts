import { fail } from '../errors';

/**
 * The operator members: who may sign in to the backoffice and with which role. The roster is the
 * role in force: a token's group claim never outranks it, so a demoted owner loses owner rights on
 * their next request. Every rule of the member routes is decided here, on the whole roster, so that
 * "the last owner" is a fact of one read, not of a count kept elsewhere.
 */
export const operatorRoles = ['owner', 'operator'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export interface OperatorMember {
  /** The identity provider's subject (Cognito's `sub`): what a token names. */
  uid: string;
  email: string;
  role: OperatorRole;
  createdAt: string;
}

export interface Roster {
  members: readonly OperatorMember[];
  /** 0 before the first member was ever written. */
  version: number;
}

/** Who acts: the member the request's token names, as the roster has them now. */
export type Operator = Pick<OperatorMember, 'uid' | 'email' | 'role'>;

export const emptyRoster: Roster = { members: [], version: 0 };

export const memberOf = (roster: Roster, uid: string): OperatorMember | null =>
  roster.members.find((member) => member.uid === uid) ?? null;

const memberByEmail = (roster: Roster, email: string): OperatorMember | null =>
  roster.members.find((member) => member.email === email) ?? null;

const owners = (roster: Roster): number => roster.members.filter((member) => member.role === 'owner').length;

const withMembers = (roster: Roster, members: readonly OperatorMember[]): Roster => ({ ...roster, members });

/** Owner-only actions: an `operator` is refused before anything else is decided. */
export const requireOwner = (actor: Operator): void => {
  if (actor.role !== 'owner') throw fail('FORBIDDEN', undefined, 'Only an operator owner may do this.');
};

/** `POST /admin/members`: one's own address is `SELF_INVITE`, an address already there `CONFLICT`. */
export const inviteMember = (roster: Roster, actor: Operator, member: OperatorMember): Roster => {
  requireOwner(actor);
  if (member.email === actor.email) throw fail('SELF_INVITE');
  if (memberByEmail(roster, member.email) !== null || memberOf(roster, member.uid) !== null) {
    throw fail('CONFLICT', undefined, 'This operator is already a member.');
  }
  return withMembers(roster, [...roster.members, member]);
};

const existing = (roster: Roster, uid: string): OperatorMember => {
  const member = memberOf(roster, uid);
  if (member === null) throw fail('MEMBER_UNKNOWN');
  return member;
};

/** Leaving the roster without an owner is refused, whoever asks. */
const keepsAnOwner = (before: Roster, after: Roster): Roster => {
  if (owners(before) > 0 && owners(after) === 0) throw fail('LAST_OWNER');
  return after;
};

/** `PATCH /admin/members/{uid}`: never one's own role (`SELF_CHANGE`). */
export const changeMemberRole = (
  roster: Roster,
  actor: Operator,
  uid: string,
  role: OperatorRole,
): Roster => {
  requireOwner(actor);
  const member = existing(roster, uid);
  if (member.uid === actor.uid) throw fail('SELF_CHANGE');
  return keepsAnOwner(
    roster,
    withMembers(
      roster,
      roster.members.map((each) => (each.uid === uid ? { ...each, role } : each)),
    ),
  );
};

/** `DELETE /admin/members/{uid}`: an owner may remove themself, unless they are the last owner. */
export const removeMember = (roster: Roster, actor: Operator, uid: string): Roster => {
  requireOwner(actor);
  existing(roster, uid);
  return keepsAnOwner(
    roster,
    withMembers(
      roster,
      roster.members.filter((each) => each.uid !== uid),
    ),
  );
};

/**
 * What creating a Cognito user and putting it in a group does, for the local stand-in issuer: the
 * address's member gets this role, or joins with it.
 */
export const enrollMember = (
  roster: Roster,
  member: OperatorMember,
): { roster: Roster; member: OperatorMember } => {
  const present = memberByEmail(roster, member.email);
  if (present === null) return { roster: withMembers(roster, [...roster.members, member]), member };
  const updated = { ...present, role: member.role };
  return {
    roster: withMembers(
      roster,
      roster.members.map((each) => (each.uid === present.uid ? updated : each)),
    ),
    member: updated,
  };
};
