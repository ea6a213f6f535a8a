import type { DayTally } from './week';
import type { ExcerptViewDay } from '../alerts/excerpt-views';
import type { Member } from './member';
import type { Seat } from './seat';
import type { Subscription } from './subscription';

export interface Account {
  uid: string;
  name: string;
  createdAt: string;
  version: number;
}

/** One family as its partition holds it: the account, its members and its seats. */
export interface Family {
  account: Account;
  members: Member[];
  seats: Seat[];
  subscription: Subscription | null;
  /** The seats' daily counts of guardians' excerpt reads, as the table keeps them (absent: not read). */
  excerptViews?: readonly ExcerptViewDay[];
  /** The seats' day tallies, for their weeks (absent: none read). */
  dayTallies?: readonly DayTally[];
}

export const memberOf = (family: Family, userUid: string): Member | undefined =>
  family.members.find((member) => member.userUid === userUid);

export const seatOf = (family: Family, seatUid: string): Seat | undefined =>
  family.seats.find((seat) => seat.uid === seatUid);
