import { createTableAccess } from '../shared/adapters/dynamo/client';
import { dynamoWrappedKeys } from '../shared/adapters/dynamo/wrapped-keys.store';
import type { CapabilityConfig, Config } from '../shared/config/config';
import type { SeatKeys, WrappedKeys } from '../shared/ports/consent';

/**
 * Seat data keys, as the API's seats group (activation makes them) and the session-events worker
 * (it unwraps them to seal and open messages) use them: KMS loaded only by those who need it.
 */
export const configuredSeatKeys = async (
  settings: Config,
  keys: CapabilityConfig<'seatKeys'>,
): Promise<SeatKeys> => {
  if (keys.SEAT_KEYS === 'local') {
    const { localSeatKeys } = await import('../shared/adapters/consent/local-seat-keys');
    return localSeatKeys(keys.LOCAL_MASTER_KEY);
  }
  const [{ KMSClient }, { kmsSeatKeys }] = await Promise.all([
    import('@aws-sdk/client-kms'),
    import('../shared/adapters/consent/kms-seat-keys'),
  ]);
  return kmsSeatKeys(new KMSClient({ region: settings.AWS_REGION }), keys.SEAT_KEYS_KMS_KEY_ID);
};

/** Guardians' push-token keys (the accounts group's devices): the device key, never the seat key. */
export const configuredDeviceKeys = async (
  settings: Config,
  keys: CapabilityConfig<'deviceKeys'>,
): Promise<SeatKeys> => {
  if (keys.DEVICE_KEYS === 'local') {
    const { localSeatKeys } = await import('../shared/adapters/consent/local-seat-keys');
    return localSeatKeys(keys.LOCAL_MASTER_KEY, 'deviceId');
  }
  const [{ KMSClient }, { kmsDataKeys }] = await Promise.all([
    import('@aws-sdk/client-kms'),
    import('../shared/adapters/consent/kms-seat-keys'),
  ]);
  return kmsDataKeys(new KMSClient({ region: settings.AWS_REGION }), keys.DEVICE_KEYS_KMS_KEY_ID, 'deviceId');
};

/** The seats' wrapped data keys, read by those that open content (the seat keys' table). */
export const configuredWrappedKeys = (settings: Config, keys: CapabilityConfig<'wrappedKeys'>): WrappedKeys =>
  dynamoWrappedKeys(
    createTableAccess({
      tableName: keys.SEAT_KEYS_TABLE_NAME,
      region: settings.AWS_REGION,
      endpoint: settings.DYNAMODB_ENDPOINT,
    }),
  );
