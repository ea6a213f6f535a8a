import { moveOffBurnedProxy } from '../../../shared/app/proxies/burn';
import { proxyBurn } from '../../../shared/app/proxies/pool';
import { logger, proxyBurnsWiring } from '../../composition/workers';
import { queueWorker } from '../queue-worker';

const { deps } = proxyBurnsWiring();

/**
 * The burn worker: every session bound to a burned address moves to one with room, or its pairing
 * ends and guardians are told to pair again (`moveOffBurnedProxy`). A message that fails (a binding
 * not yet listed) comes back; a move already made is not made twice. Logs the address's label and
 * the counts only.
 */
export const handler = queueWorker(logger, {
  log: 'proxy_burn',
  body: proxyBurn,
  about: (burn) => ({ label: burn.label }),
  run: async (burn) => ({ ...(await moveOffBurnedProxy(await deps(), burn)) }),
});
