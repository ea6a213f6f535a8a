import { Logger } from '@aws-lambda-powertools/logger';
import { config } from '../../shared/config/config';

/**
 * The workers' logger, apart from their composition root: a worker that only logs (the business
 * events) starts without the capabilities the pairing workers check.
 */
const settings = config();

export const logger = new Logger({
  serviceName: 'family-protection-workers',
  logLevel: settings.LOG_LEVEL,
  persistentKeys: { stage: settings.STAGE },
});
