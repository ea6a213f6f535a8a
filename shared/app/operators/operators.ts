import { cursorAfter, nextCursor, type PageScope } from '../../domain/pagination/cursor';
import {
  changeMemberRole,
  inviteMember as addToRoster,
  memberOf,
  removeMember as removeFromRoster,
  requireOwner,
  type Operator,
  type OperatorMember,
  type OperatorRole,
  type Roster,
} from '../../domain/operators/roster';
import type { Clock } from '../../ports/clock';
import type { Ids } from '../../ports/ids';
import type {
  AuditEntry,
  AuditTrail,
  BackofficeLists,
  OperatorDirectory,
  OperatorTokens,
  OverviewCounters,
  QueueDepths,
  RosterStore,
} from '../../ports/operators';
import { retryOnConflict } from '../retry-on-conflict';
import { instantPlaceAfter, instantPlaceOf } from '../../domain/pagination/instant-place';

/** What the backoffice's operator routes use. */
export interface OperatorDeps {
  clock: Clock;
  ids: Ids;
  operatorTokens: OperatorTokens;
  roster: RosterStore;
  directory: OperatorDirectory;
  auditTrail: AuditTrail;
  overview: OverviewCounters;
  queues: QueueDepths;
  lists: BackofficeLists;
}

/** Who an operator token names, in two steps: the token's subject, then the roster's member. */
export interface OperatorAccess {
  /** The token's subject when it is valid (no read of ours). */
  verify(token: string): Promise<string | null>;
  /** The roster's member of that uid, as the roster has them now (null: no operator). */
  member(uid: string): Promise<Operator | null>;
}

/**
 * Who an operator token names, as the roster has them now: a valid token of someone who is not (or
 * no longer) a member is no operator (401, like a bad token).
 */
export const operatorAccess = (deps: Pick<OperatorDeps, 'operatorTokens' | 'roster'>): OperatorAccess => ({
  verify: (token) => deps.operatorTokens.verify(token),
  member: async (uid) => {
    const member = memberOf(await deps.roster.read(), uid);
    return member === null ? null : { uid: member.uid, email: member.email, role: member.role };
  },
});

/** The audit entry of an operator's action on a target (written with the change it records). */
export const operatorAudit = (
  deps: Pick<OperatorDeps, 'clock' | 'ids'>,
  actor: Operator,
  action: string,
  target: AuditEntry['target'],
): AuditEntry => ({
  id: deps.ids.ulid(),
  at: deps.clock.now().toISOString(),
  actor: { kind: 'operator', uid: actor.uid },
  action,
  target,
});

const memberTarget = (uid: string) => ({ kind: 'operator_member', uid });

/** The member a roster has under a uid it was just decided to have. */
const decided = (roster: Roster, uid: string): OperatorMember => {
  const member = memberOf(roster, uid);
  if (member === null) throw new Error(`roster decided without member ${uid}`);
  return member;
};

/** `GET /admin/members` (owner). */
export const listOperatorMembers = async (
  deps: Pick<OperatorDeps, 'roster'>,
  actor: Operator,
): Promise<{ members: readonly OperatorMember[] }> => {
  requireOwner(actor);
  return { members: (await deps.roster.read()).members };
};

/**
 * `POST /admin/members` (owner): decided on the roster before the directory makes the user, so a
 * refused invitation creates nobody; then written, deciding again on what is there by then.
 */
export const inviteOperatorMember = async (
  deps: OperatorDeps,
  actor: Operator,
  request: { email: string; role: OperatorRole },
): Promise<OperatorMember> => {
  const first = await deps.roster.read();
  const candidate = (uid: string): OperatorMember => ({
    uid,
    email: request.email,
    role: request.role,
    createdAt: deps.clock.now().toISOString(),
  });
  addToRoster(first, actor, candidate(''));
  const uid = await deps.directory.create(request.email, request.role);
  const member = candidate(uid);
  return retryOnConflict(async (attempt) => {
    const before = attempt === 1 ? first : await deps.roster.read();
    const after = addToRoster(before, actor, member);
    await deps.roster.write(
      before,
      after,
      operatorAudit(deps, actor, 'operator_member.invited', memberTarget(uid)),
    );
    return member;
  });
};

/** `PATCH /admin/members/{uid}` (owner): the directory's groups follow the roster's role. */
export const changeOperatorRole = async (
  deps: OperatorDeps,
  actor: Operator,
  uid: string,
  role: OperatorRole,
): Promise<OperatorMember> =>
  retryOnConflict(async () => {
    const before = await deps.roster.read();
    const after = changeMemberRole(before, actor, uid, role);
    const was = decided(before, uid);
    const member = decided(after, uid);
    if (was.role === role) return member;
    await deps.directory.setRole(member, was.role, role);
    await deps.roster.write(
      before,
      after,
      operatorAudit(deps, actor, 'operator_member.role_changed', memberTarget(uid)),
    );
    return member;
  });

/**
 * `DELETE /admin/members/{uid}` (owner; one may remove oneself unless the last owner): off the roster
 * first, so the member's tokens stop at once, then the directory's user.
 */
export const removeOperatorMember = async (
  deps: OperatorDeps,
  actor: Operator,
  uid: string,
): Promise<void> => {
  const removed = await retryOnConflict(async () => {
    const before = await deps.roster.read();
    const after = removeFromRoster(before, actor, uid);
    await deps.roster.write(
      before,
      after,
      operatorAudit(deps, actor, 'operator_member.removed', memberTarget(uid)),
    );
    return decided(before, uid);
  });
  await deps.directory.remove(removed);
};

/** `GET /admin/audit` (operator or owner): the trail, newest first, with the instant+id cursor. */
export const listAudit = async (
  deps: Pick<OperatorDeps, 'auditTrail'>,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ audit: AuditEntry[]; nextCursor: string | null }> => {
  const scope: PageScope = { list: 'audit', limit: query.limit, order: 'newest_first', filters: {} };
  const after = cursorAfter(scope, query.cursor);
  const page = await deps.auditTrail.page({ after: instantPlaceAfter(after), limit: query.limit });
  return { audit: page, nextCursor: nextCursor(scope, page, instantPlaceOf) };
};

/**
 * `GET /admin/overview` (operator or owner): the counts from the counter items (one Query) and the
 * event queues' depths. The `syncs*` counts are kept by the history import's transitions.
 */
export const readOverview = async (deps: Pick<OperatorDeps, 'overview' | 'queues'>) => {
  const [counts, queue] = await Promise.all([deps.overview.read(), deps.queues.depths()]);
  return { ...counts, queue };
};
