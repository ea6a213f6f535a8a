/**
 * SQS and its queue adapter: a file of its own beside each bundle that imports it
 * (infra/constructs/bundling.ts), for the producers that seldom send (`queueFromChunkOf`), loaded on
 * their first send. The session-events worker's first ordinary message sends nothing.
 */
export { processSqsClient } from '../../shared/adapters/sqs/sqs-client';
export { sqsQueue } from '../../shared/adapters/sqs/sqs-queue';
