import type * as AwsKeys from './aws-keys.mjs';
import { sameClientFor, type TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoWrappedKeys } from '../../shared/adapters/dynamo/wrapped-keys.store';
import { configFor, type Config } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { SeatKeys, WrappedKeys } from '../../shared/ports/consent';

/** Where KMS's code comes from: its chunk (`kmsChunk`), or the bundle (`kms-in-bundle.ts`). */
export type KmsCode = () => Promise<Pick<typeof AwsKeys, 'KMSClient' | 'kmsSeatKeys'>>;

/** KMS's code from its chunk beside the bundle: for the functions that seldom open a key. */
export const kmsChunk: KmsCode = () => import('./aws-keys.mjs');

/**
 * Seat data keys, as the API's seats, consent and alerts groups (activation makes them, an excerpt
 * opens one) and the workers that read messages (they unwrap them to seal and open) use them: its
 * variables checked now, KMS loaded on first use, by those who need it only, from where the caller
 * has it (`kms`).
 */
export const seatKeysOf = (settings: Config, kms: KmsCode): (() => Promise<SeatKeys>) => {
  const { seatKeys: keys } = configFor('seatKeys');
  return lazy(async () => {
    if (keys.SEAT_KEYS === 'local') {
      const { localSeatKeys } = await import('../../shared/adapters/consent/local-seat-keys');
      return localSeatKeys(keys.LOCAL_MASTER_KEY);
    }
    const { KMSClient, kmsSeatKeys } = await kms();
    return kmsSeatKeys(new KMSClient({ region: settings.AWS_REGION }), keys.SEAT_KEYS_KMS_KEY_ID);
  });
};

/**
 * Guardians' push-token keys (the accounts group's devices): the device key, never the seat key, so
 * registering a device opens no one's content. Its variables checked now, built on first use.
 */
export const deviceKeysOf = (settings: Config): (() => Promise<SeatKeys>) => {
  const { deviceKeys: keys } = configFor('deviceKeys');
  return lazy(async () => {
    if (keys.DEVICE_KEYS === 'local') {
      const { localSeatKeys } = await import('../../shared/adapters/consent/local-seat-keys');
      return localSeatKeys(keys.LOCAL_MASTER_KEY, 'deviceId');
    }
    const { KMSClient, kmsDataKeys } = await import('./aws-keys.mjs');
    return kmsDataKeys(
      new KMSClient({ region: settings.AWS_REGION }),
      keys.DEVICE_KEYS_KMS_KEY_ID,
      'deviceId',
    );
  });
};

/**
 * The seats' wrapped data keys, read by those that open content: the seat keys' table, through the
 * domain table's client.
 */
export const wrappedKeysOf = (table: TableAccess): WrappedKeys =>
  dynamoWrappedKeys(sameClientFor(table, configFor('wrappedKeys').wrappedKeys.SEAT_KEYS_TABLE_NAME));
