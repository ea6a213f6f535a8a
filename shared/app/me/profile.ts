import { fail } from '../../domain/errors';
import { profileView, type User } from '../../domain/users/user';
import type { Caller, Deps } from '../deps';
import { retryOnConflict } from '../retry-on-conflict';

const currentUser = async (deps: Pick<Deps, 'users'>, caller: Caller): Promise<User> => {
  const user = await deps.users.get(caller.userUid);
  if (user === null) throw fail('UNAUTHORIZED');
  return user;
};

export const getProfile = async (deps: Pick<Deps, 'users'>, caller: Caller) =>
  profileView(await currentUser(deps, caller));

/**
 * `PATCH /me`: only the fields sent change; sending the same values writes nothing. A new name is
 * copied onto the user's member items with the profile (what the protection card names them by).
 */
export const updateProfile = async (
  deps: Pick<Deps, 'users' | 'families'>,
  caller: Caller,
  input: {
    name?: string | undefined;
    phone?: string | undefined;
    document?: { type: 'cpf'; number: string } | undefined;
  },
) =>
  // A family joined or left between the read and the write: read both again.
  retryOnConflict(async () => {
    const user = await currentUser(deps, caller);
    const next: User = {
      ...user,
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.phone === undefined ? {} : { phone: input.phone }),
      ...(input.document === undefined ? {} : { document: input.document }),
    };
    const unchanged =
      next.name === user.name && next.phone === user.phone && next.document?.number === user.document?.number;
    if (unchanged) return profileView(user);
    const memberOf =
      next.name === user.name
        ? []
        : (await deps.families.listForUser(user.uid)).map((each) => each.accountUid);
    return profileView(await deps.users.saveProfile(next, memberOf));
  });
