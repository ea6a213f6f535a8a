import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { configuredPushRegistry } from '../notifications';
import { settings } from './runtime';

const { pushPlatforms } = configFor('pushPlatforms');

/** Devices' push endpoints, made by the accounts group (`POST /me/devices`) only. */
export const pushRegistry = lazy(() => configuredPushRegistry(settings, pushPlatforms));
