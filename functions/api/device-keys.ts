import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { configuredDeviceKeys } from '../seat-keys';
import { settings } from './runtime';

const { deviceKeys: keys } = configFor('deviceKeys');

/**
 * Guardians' push-token keys in the API: the accounts group's devices wrap and unwrap tokens under
 * the device key. It never holds the seat key, so registering a device opens no one's content.
 */
export const deviceKeys = lazy(() => configuredDeviceKeys(settings, keys));
