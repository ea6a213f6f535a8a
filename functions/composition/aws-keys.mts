/**
 * KMS and the data keys made and opened with it: a file of its own beside each bundle that imports
 * it (infra/constructs/bundling.ts), loaded on the first key made or opened.
 */
export { KMSClient } from '@aws-sdk/client-kms';
export { kmsDataKeys, kmsSeatKeys } from '../../shared/adapters/consent/kms-seat-keys';
