import type { Money } from '../catalog/catalog';
import { fail } from '../errors';
import { checkBirthDate, sameDependent, type Dependent } from './dependent';

export const seatStatuses = ['pending', 'active', 'paused', 'archived'] as const;
export type SeatStatus = (typeof seatStatuses)[number];

export interface Seat {
  uid: string;
  /** Internal id (a ULID): used in events and never shown to clients. */
  seatId: string;
  accountUid: string;
  status: SeatStatus;
  price: Money;
  activationRequiresConsent: boolean;
  dependent: Dependent | null;
  createdAt: string;
  version: number;
}

export const newSeat = (fields: {
  uid: string;
  seatId: string;
  accountUid: string;
  price: Money;
  now: Date;
}): Seat => ({
  uid: fields.uid,
  seatId: fields.seatId,
  accountUid: fields.accountUid,
  status: 'pending',
  price: fields.price,
  // Every seat created since onboarding v2 waits for the person's own consent.
  activationRequiresConsent: true,
  dependent: null,
  createdAt: fields.now.toISOString(),
  version: 0,
});

/** Archiving: only a seat that is not active; archiving twice changes nothing. */
export const archiveSeat = (seat: Seat): Seat | null => {
  if (seat.status === 'archived') return null;
  if (seat.status === 'active' || seat.status === 'paused') throw fail('SEAT_ACTIVE');
  return { ...seat, status: 'archived' };
};

/** Filling in the person: `null` when the data is identical (nothing changes, no event). */
export const fillDependent = (seat: Seat, dependent: Dependent, now: Date): Seat | null => {
  if (seat.status === 'archived') throw fail('SEAT_NOT_PENDING');
  checkBirthDate(dependent, now);
  if (sameDependent(seat.dependent, dependent)) return null;
  return { ...seat, dependent };
};

/** Seats by age, oldest first: the ULID orders them by creation. */
export const byAge = (a: Seat, b: Seat): number => (a.seatId < b.seatId ? -1 : a.seatId > b.seatId ? 1 : 0);
