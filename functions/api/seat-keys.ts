import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import { configuredSeatKeys } from '../seat-keys';
import { settings } from './runtime';

const { seatKeys: keys } = configFor('seatKeys');

/**
 * Seat data keys in the API: made at activation (seats) and again at a new consent after the person
 * stopped (consent), opened for an excerpt (alerts). Only those groups import this module, so only
 * they check its settings and carry KMS, loaded on first need.
 */
export const seatKeys = lazy(() => configuredSeatKeys(settings, keys));
