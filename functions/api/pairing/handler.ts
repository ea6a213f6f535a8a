import * as z from 'zod';
import { contractChannel, listChannels } from '../../../shared/app/pairing/channels';
import { seatParams, uidParam } from '../../../shared/http/fields';
import { bearerOperation, created, ok } from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps } from '../runtime';

/** Any channel name reaches the use case, which answers CHANNEL_UNAVAILABLE for those not offered. */
const channelParams = z.object({ uid: uidParam, channel: z.string().min(1).max(32) });

export const handler = apiHandler('pairing', {
  listChannels: bearerOperation({
    params: seatParams,
    run: async ({ params }, caller) => ok(await listChannels(await deps(), caller, params.uid)),
  }),
  contractChannel: bearerOperation({
    params: channelParams,
    run: async ({ params }, caller) => {
      const answer = await contractChannel(await deps(), caller, params.uid, params.channel);
      return answer.created ? created(answer.channels) : ok(answer.channels);
    },
  }),
});
