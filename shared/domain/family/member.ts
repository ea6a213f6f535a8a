import { fail } from '../errors';
import { maskEmail } from '../people/email';
import type { Relationship } from '../people/relationship';
import type { Channels } from '../notifications/preferences';

export type Role = 'owner' | 'guardian';

export interface Member {
  accountUid: string;
  userUid: string;
  role: Role;
  relationship: Relationship | null;
  email: string;
  joinedAt: string;
  version: number;
  /**
   * The protection card names each member and shows their `alerts` channels from the family read
   * alone: a copy of their profile's name and of those channels, written with every change of either
   * (on each of the user's member items, in the same transaction). Absent on members written before
   * the copy was kept: the card reads those from the user's own items.
   */
  name?: string | null;
  alertChannels?: Channels;
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
