/**
 * S3 and the store of queued bodies kept aside: a file of its own beside each bundle that imports it
 * (infra/constructs/bundling.ts), loaded on the first body kept or read.
 */
export { S3Client } from '@aws-sdk/client-s3';
export { s3EventBodies } from '../../shared/adapters/event-bodies/s3-event-bodies';
