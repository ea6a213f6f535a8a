import type { SeatKeys } from '../../../shared/ports/consent';
import { required, settings } from '../runtime';

let building: Promise<SeatKeys> | undefined;

/** Seat data keys are made at activation, so only this group carries KMS, loaded on first need. */
export const seatKeys = (): Promise<SeatKeys> =>
  (building ??= (async () => {
    if (settings.SEAT_KEYS === 'local') {
      const { localSeatKeys } = await import('../../../shared/adapters/consent/local-seat-keys');
      return localSeatKeys(required('LOCAL_MASTER_KEY', settings.LOCAL_MASTER_KEY));
    }
    const [{ KMSClient }, { kmsSeatKeys }] = await Promise.all([
      import('@aws-sdk/client-kms'),
      import('../../../shared/adapters/consent/kms-seat-keys'),
    ]);
    return kmsSeatKeys(
      new KMSClient({ region: settings.AWS_REGION }),
      required('SEAT_KEYS_KMS_KEY_ID', settings.SEAT_KEYS_KMS_KEY_ID),
    );
  })());
