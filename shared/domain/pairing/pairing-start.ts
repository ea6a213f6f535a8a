import { effectiveStatus } from '../consent/consent-request';
import { isRefuted } from '../consent/relationship-check';
import { isStoppedByDependent } from '../consent/seat-consent';
import { fail } from '../errors';
import type { Seat } from '../family/seat';
import { isChannelEnabled } from './channels';
import { isOpenPairing, type PairingStatus } from './pairing.transitions';

/**
 * Whether a pairing may start, checked in the order docs/api.md lists its errors: after a stop by
 * the person, 409 comes before anything else. Proxy capacity is the last
 * check, made when a proxy is bound.
 */
export const checkPairingStart = (
  seat: Seat,
  now: Date,
  context: { openPairing: PairingStatus | null; guardianPhones: readonly string[] },
): void => {
  if (isStoppedByDependent(seat)) throw fail('STOPPED_BY_DEPENDENT');
  if (seat.consent === null || effectiveStatus(seat.consent, now) !== 'given') throw fail('CONSENT_REQUIRED');
  if (isRefuted(seat.relationshipCheck)) throw fail('RELATIONSHIP_REFUTED');
  if (seat.status !== 'active') throw fail('SEAT_NOT_ACTIVE');
  if (!isChannelEnabled(seat, 'chat')) throw fail('CHANNEL_NOT_ENABLED');
  if (context.openPairing !== null && isOpenPairing(context.openPairing)) throw fail('PAIRING_EXISTS');
  const phone = seat.dependent?.phone;
  if (phone != null && context.guardianPhones.includes(phone)) throw fail('DEPENDENT_PHONE_IS_GUARDIAN');
};
