import type { Channels } from '../../../shared/domain/notifications/preferences';
import type { User } from '../../../shared/domain/users/user';
import type { UserStore } from '../../../shared/ports/stores';
import { requireThat, transaction, type FakeTable } from './table';

/**
 * The copy a user's member items keep of their name or `alerts` channels (`memberCopies`): each
 * member item must exist, and its version moves.
 */
export const memberCopies = (
  table: FakeTable,
  userUid: string,
  accountUids: readonly string[],
  copy: { name: string | null } | { alertChannels: Channels },
) => ({
  check: () => {
    for (const accountUid of accountUids)
      requireThat(
        table.families.get(accountUid)?.members.some((member) => member.userUid === userUid) === true,
        `member ${userUid} of ${accountUid}`,
      );
  },
  apply: () => {
    for (const accountUid of accountUids) {
      const family = table.families.get(accountUid);
      if (family === undefined) continue;
      family.members = family.members.map((member) =>
        member.userUid === userUid
          ? { ...member, ...structuredClone(copy), version: member.version + 1 }
          : member,
      );
    }
  },
});

/** A user written straight into the table, with the lookup of its address's hash. */
export const seedUser = (table: FakeTable, user: User, emailHash: string): User => {
  table.users.set(user.uid, structuredClone(user));
  table.emailLookups.set(emailHash, user.uid);
  return user;
};

export const fakeUserStore = (table: FakeTable): UserStore => ({
  get: async (userUid) => structuredClone(table.users.get(userUid) ?? null),
  uidByEmailHash: async (emailHash) => table.emailLookups.get(emailHash) ?? null,
  saveProfile: async (user, memberOf) => {
    const saved = { ...structuredClone(user), version: user.version + 1 };
    const copies = memberCopies(table, user.uid, memberOf, { name: user.name });
    transaction(
      [
        () => requireThat(table.users.get(user.uid)?.version === user.version, 'the user is as read'),
        copies.check,
      ],
      [() => table.users.set(user.uid, saved), copies.apply],
    );
    return structuredClone(saved);
  },
});
