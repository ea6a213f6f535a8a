/**
 * SQS and its adapters: a file of its own beside each bundle that imports it
 * (infra/constructs/bundling.ts), loaded on a queue's first send or read. A worker whose first
 * message sends nothing (the session-events worker's ordinary message) never loads it.
 */
export { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
export { sqsClient } from '../../shared/adapters/sqs/sqs-client';
export { sqsQueue } from '../../shared/adapters/sqs/sqs-queue';
export { sqsQueueDepths } from '../../shared/adapters/sqs/queue-depths';
