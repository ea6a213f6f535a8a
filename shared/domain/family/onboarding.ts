import { effectiveStatus, type ConsentStatus } from '../consent/consent-request';
import { isDependentComplete } from './dependent';
import { byAge, type Seat } from './seat';

/** Onboarding step: derived on every read, never stored, so it cannot drift from the seats. */
export type SeatStep =
  'fill_dependent' | 'send_consent' | 'await_consent' | 'activate_seat' | 'consent_declined';
export type OnboardingStep = SeatStep | 'add_seat';

const stepByConsent: Readonly<Record<ConsentStatus | 'none', SeatStep>> = {
  given: 'activate_seat',
  pending: 'await_consent',
  declined: 'consent_declined',
  none: 'send_consent',
  expired: 'send_consent',
  revoked: 'send_consent',
};

export const seatStep = (seat: Seat, consent: ConsentStatus | null): SeatStep => {
  if (!isDependentComplete(seat.dependent)) return 'fill_dependent';
  if (!seat.activationRequiresConsent) return 'activate_seat';
  return stepByConsent[consent ?? 'none'];
};

export interface Onboarding {
  nextStep: OnboardingStep | null;
  nextSeatUid: string | null;
  complete: boolean;
  seats: { uid: string; seatStep: SeatStep }[];
}

const consentOf = (seat: Seat, now: Date): ConsentStatus | null =>
  seat.consent === null ? null : effectiveStatus(seat.consent, now);

export const onboarding = (seats: readonly Seat[], now: Date): Onboarding => {
  const pending = seats.filter((seat) => seat.status === 'pending').sort(byAge);
  const steps = pending.map((seat) => ({ uid: seat.uid, seatStep: seatStep(seat, consentOf(seat, now)) }));
  const complete = seats.some((seat) => seat.status === 'active');
  const oldest = steps[0];
  if (oldest !== undefined)
    return { nextStep: oldest.seatStep, nextSeatUid: oldest.uid, complete, seats: steps };
  return { nextStep: complete ? null : 'add_seat', nextSeatUid: null, complete, seats: steps };
};
