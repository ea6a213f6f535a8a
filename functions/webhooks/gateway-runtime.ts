import { Logger } from '@aws-lambda-powertools/logger';
import { loadGatewaySecrets } from '../../shared/adapters/crypto/service-secrets';
import { config } from '../../shared/config/config';
import { sqsClient } from '../../shared/adapters/sqs/sqs-client';

/** What every gateway function shares: configuration read at start, one SQS client, one logger. */
export const settings = config();

export const logger = new Logger({ serviceName: 'family-protection-gateway', logLevel: settings.LOG_LEVEL });

export const sqs = sqsClient(settings);

/**
 * Read once while the function starts (top-level await): a function refuses to start without the
 * key it verifies with (`requireSecret`), so a bad deploy fails loudly.
 */
export const secrets = await loadGatewaySecrets(settings);
