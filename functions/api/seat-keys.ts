import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { SeatKeys } from '../../shared/ports/consent';
import { settings } from './runtime';

const { seatKeys: keys } = configFor('seatKeys');

/**
 * Seat data keys are made at activation, and again at a new consent after the person stopped: only
 * the seats and consent groups carry KMS, loaded on first need.
 */
export const seatKeys = lazy(async (): Promise<SeatKeys> => {
  if (keys.SEAT_KEYS === 'local') {
    const { localSeatKeys } = await import('../../shared/adapters/consent/local-seat-keys');
    return localSeatKeys(keys.LOCAL_MASTER_KEY);
  }
  const [{ KMSClient }, { kmsSeatKeys }] = await Promise.all([
    import('@aws-sdk/client-kms'),
    import('../../shared/adapters/consent/kms-seat-keys'),
  ]);
  return kmsSeatKeys(new KMSClient({ region: settings.AWS_REGION }), keys.SEAT_KEYS_KMS_KEY_ID);
});
