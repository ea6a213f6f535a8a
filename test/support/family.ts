import type { Ids } from '../../shared/ports/ids';
import type { Member } from '../../shared/domain/family/member';

/** A new account named Silva and its owner, as the store's tests write them. */
export const newAccountWithOwner = (ids: Pick<Ids, 'uid'>, now: Date) => {
  const account = { uid: ids.uid('acc'), name: 'Silva', createdAt: now.toISOString(), version: 0 };
  const owner: Member = {
    accountUid: account.uid,
    userUid: ids.uid('usr'),
    role: 'owner',
    relationship: null,
    email: 'o@example.com',
    joinedAt: now.toISOString(),
    version: 0,
  };
  return { account, owner };
};
