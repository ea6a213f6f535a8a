/**
 * SES and SNS, and the adapters that send through them: a file of its own beside each bundle that
 * imports it (infra/constructs/bundling.ts), loaded on the first notification or device registered.
 */
export { SESClient } from '@aws-sdk/client-ses';
export { SNSClient } from '@aws-sdk/client-sns';
export { awsDelivery } from '../../shared/adapters/notifications/aws-delivery';
export { snsPushRegistry } from '../../shared/adapters/notifications/sns-push-registry';
