import { fail } from '../errors';
import { maskEmail } from '../people/email';
import type { Relationship } from '../people/relationship';

export type Role = 'owner' | 'guardian';

export interface Member {
  accountUid: string;
  userUid: string;
  role: Role;
  relationship: Relationship | null;
  email: string;
  joinedAt: string;
  version: number;
}

/** Only the owner may act; a guardian of the same family gets 403. */
export const requireOwner = (member: Member): void => {
  if (member.role !== 'owner') throw fail('FORBIDDEN');
};

export const setRelationship = (member: Member, relationship: Relationship): Member => {
  if (member.role === 'owner') throw fail('OWNER_HAS_NO_RELATIONSHIP');
  return { ...member, relationship };
};

export const ensureRemovable = (member: Member): void => {
  if (member.role === 'owner') throw fail('OWNER_NOT_REMOVABLE');
};

/** The owner sees every address; a guardian sees only their own in full. */
export const memberView = (member: Member, viewer: Member) => ({
  uid: member.userUid,
  role: member.role,
  relationship: member.relationship,
  email:
    viewer.role === 'owner' || viewer.userUid === member.userUid ? member.email : maskEmail(member.email),
  joinedAt: member.joinedAt,
});
