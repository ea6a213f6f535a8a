import { SQSClient } from '@aws-sdk/client-sqs';
import type { Config } from '../../config/config';
import { endpointOptions } from '../local/local-endpoint';

let client: SQSClient | undefined;

/**
 * The process's one SQS client (one per copy of this module: the bundle's, or SQS's chunk's);
 * locally the emulator's queue URLs name a host that does not resolve: it talks to its endpoint.
 */
export const processSqsClient = (settings: Pick<Config, 'AWS_REGION' | 'SQS_ENDPOINT'>): SQSClient =>
  (client ??= new SQSClient({
    region: settings.AWS_REGION,
    ...(settings.SQS_ENDPOINT === undefined
      ? {}
      : { ...endpointOptions(settings.SQS_ENDPOINT), useQueueUrlAsEndpoint: false }),
  }));
