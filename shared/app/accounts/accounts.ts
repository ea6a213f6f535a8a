import { fail } from '../../domain/errors';
import { buildCatalog } from '../../domain/catalog/catalog';
import {
  ensureRemovable,
  memberView,
  requireOwner,
  setRelationship,
  type Member,
} from '../../domain/family/member';
import { onboarding } from '../../domain/family/onboarding';
import { emailDomainVerdict, normaliseEmail } from '../../domain/people/email';
import type { Relationship } from '../../domain/people/relationship';
import { newUser } from '../../domain/users/user';
import type { NewUser } from '../../ports/stores';
import { defaultPreferences } from '../../domain/notifications/preferences';
import type { Caller, Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { familyOf } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';
import { emailHashOf } from '../auth/sign-in';

const accountView = (account: { uid: string; name: string }, role: Member['role']) => ({
  uid: account.uid,
  name: account.name,
  role,
});

/** `POST /accounts`: the caller becomes the owner of a new family. */
export const createAccount = async (
  deps: Pick<Deps, 'users' | 'families' | 'ids' | 'clock' | 'notificationSettings'>,
  caller: Caller,
  input: { name: string },
) => {
  const [user, settings] = await Promise.all([
    deps.users.get(caller.userUid),
    deps.notificationSettings.get(caller.userUid),
  ]);
  if (user === null) throw fail('UNAUTHORIZED');
  const now = deps.clock.now().toISOString();
  const account = { uid: deps.ids.uid('acc'), name: input.name, createdAt: now, version: 0 };
  const owner: Member = {
    accountUid: account.uid,
    userUid: user.uid,
    role: 'owner',
    relationship: null,
    email: user.email,
    joinedAt: now,
    version: 0,
    name: user.name,
    alertChannels: settings.preferences.alerts,
  };
  await deps.families.createAccount(account, owner, [
    apiEvent(deps, { type: 'account.created', accountId: account.uid }),
  ]);
  return accountView(account, 'owner');
};

/** `GET /accounts`: the caller's families; empty means onboarding starts here. */
export const listAccounts = async (deps: Pick<Deps, 'families'>, caller: Caller) =>
  (await deps.families.listForUser(caller.userUid)).map((summary) => ({
    uid: summary.accountUid,
    name: summary.name,
    role: summary.role,
  }));

/** `GET /accounts/{uid}/onboarding`: derived from the seats on every read. */
export const getOnboarding = async (
  deps: Pick<Deps, 'families' | 'clock'>,
  caller: Caller,
  accountUid: string,
) => {
  const { family } = await familyOf(deps, caller, accountUid);
  return onboarding(family.seats, deps.clock.now());
};

export const listMembers = async (deps: Pick<Deps, 'families'>, caller: Caller, accountUid: string) => {
  const { family, member } = await familyOf(deps, caller, accountUid);
  return family.members.map((each) => memberView(each, member));
};

/** `POST /accounts/{uid}/members` (owner): invites a guardian, creating the user for the address if needed. */
export const inviteMember = async (
  deps: Pick<Deps, 'families' | 'users' | 'hasher' | 'ids' | 'clock' | 'notificationSettings'>,
  caller: Caller,
  accountUid: string,
  input: { email: string; relationship?: Relationship | undefined },
) =>
  // Two invitations of one address at once: the second reads the first's member and says so.
  retryOnConflict(async () => {
    const { family, member: inviter } = await familyOf(deps, caller, accountUid);
    requireOwner(inviter);
    const email = normaliseEmail(input.email);
    const verdict = emailDomainVerdict(email);
    if (!verdict.deliverable) throw fail('EMAIL_DOMAIN_INVALID', { suggestion: verdict.suggestion });
    const emailHash = emailHashOf(deps, email);
    const existingUid = await deps.users.uidByEmailHash(emailHash);
    if (existingUid !== null && family.members.some((each) => each.userUid === existingUid)) {
      throw fail('CONFLICT', undefined, 'This person is already a member of the family.');
    }
    const now = deps.clock.now();
    const created: NewUser | null =
      existingUid === null ? { user: newUser({ uid: deps.ids.uid('usr'), email, now }), emailHash } : null;
    const userUid = created?.user.uid ?? existingUid;
    if (userUid === null) throw new Error('unreachable: a user exists or was just made');
    // A user who exists brings their name and `alerts` channels (the card's copy); a new one has none yet.
    const known =
      existingUid === null ? undefined : (await deps.notificationSettings.recipients([userUid])).get(userUid);
    const member: Member = {
      accountUid,
      userUid,
      role: 'guardian',
      relationship: input.relationship ?? null,
      email,
      joinedAt: now.toISOString(),
      version: 0,
      name: known?.name ?? null,
      alertChannels: (known?.settings.preferences ?? defaultPreferences()).alerts,
    };
    await deps.families.addMember(family.account, member, created, [
      apiEvent(deps, {
        type: 'member.added',
        accountId: accountUid,
        payload: { memberUid: member.userUid, role: member.role },
      }),
    ]);
    return memberView(member, inviter);
  });

const targetMember = (members: readonly Member[], memberUid: string): Member => {
  const target = members.find((each) => each.userUid === memberUid);
  if (target === undefined) throw fail('NOT_FOUND');
  return target;
};

export const updateMember = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock'>,
  caller: Caller,
  accountUid: string,
  memberUid: string,
  input: { relationship: Relationship },
) =>
  retryOnConflict(async () => {
    const { family, member: actor } = await familyOf(deps, caller, accountUid);
    requireOwner(actor);
    const updated = setRelationship(targetMember(family.members, memberUid), input.relationship);
    const saved = await deps.families.saveMember(family.account, updated, [
      apiEvent(deps, { type: 'member.updated', accountId: accountUid, payload: { memberUid } }),
    ]);
    return memberView(saved, actor);
  });

export const removeMember = async (
  deps: Pick<Deps, 'families' | 'ids' | 'clock'>,
  caller: Caller,
  accountUid: string,
  memberUid: string,
) =>
  retryOnConflict(async () => {
    const { family, member: actor } = await familyOf(deps, caller, accountUid);
    requireOwner(actor);
    const target = targetMember(family.members, memberUid);
    ensureRemovable(target);
    await deps.families.removeMember(family.account, target, [
      apiEvent(deps, { type: 'member.removed', accountId: accountUid, payload: { memberUid } }),
    ]);
  });

/** `GET /catalog`: public; prices from configuration. */
export const getCatalog = (deps: Pick<Deps, 'settings'>) =>
  buildCatalog(deps.settings.prices, deps.settings.trialDays);
