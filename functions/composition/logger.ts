import { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../../shared/config/config';

/** Each kind of entry point's service name in its log lines; the API's and the workers' carry the stage. */
const services = {
  api: { serviceName: 'family-protection', withStage: true },
  workers: { serviceName: 'family-protection-workers', withStage: true },
  gateway: { serviceName: 'family-protection-gateway', withStage: false },
  stream: { serviceName: 'family-protection-stream', withStage: false },
} as const;

/** The JSON logger of one kind of entry point, at the configured level. */
export const serviceLogger = (
  settings: Pick<Config, 'LOG_LEVEL' | 'STAGE'>,
  kind: keyof typeof services,
): Logger => {
  const { serviceName, withStage } = services[kind];
  return new Logger({
    serviceName,
    logLevel: settings.LOG_LEVEL,
    ...(withStage ? { persistentKeys: { stage: settings.STAGE } } : {}),
  });
};
