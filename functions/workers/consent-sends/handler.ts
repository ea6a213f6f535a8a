import { consentSend, sendConsentLink } from '../../../shared/app/consent/delivery';
import { consentSendsWiring, logger } from '../../composition/workers';
import { queueWorker } from '../queue-worker';

const { deps } = consentSendsWiring();

/**
 * The consent-link sender: one try of one delivery per message (`sendConsentLink`). Logs the seat,
 * the delivery and the outcome, never the number, the name or the link.
 */
export const handler = queueWorker(logger, {
  log: 'consent_send',
  body: consentSend,
  about: (send) => send,
  run: async (send) => ({ outcome: await sendConsentLink(await deps(), send) }),
});
