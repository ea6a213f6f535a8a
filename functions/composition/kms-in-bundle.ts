import { KMSClient } from '@aws-sdk/client-kms';
import { kmsSeatKeys } from '../../shared/adapters/consent/kms-seat-keys';

/**
 * KMS's code in the bundle itself, for the workers that open a seat's key for every message they
 * seal (the session-events and history import workers): in their bundle it is about 30 KB more to
 * compile, where its chunk (`aws-keys.mts`, with its own copy of the SDK's core) is about 320 KB,
 * loaded by every cold start's first batch.
 */
export const kmsInBundle = async () => ({ KMSClient, kmsSeatKeys });
