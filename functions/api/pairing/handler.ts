import { contractChannel, listChannels } from '../../../shared/app/pairing/channels';
import { renewChallenge } from '../../../shared/app/pairing/challenge';
import { answerPasskey, answerPersonPasskey } from '../../../shared/app/pairing/passkey';
import { pairingAvatar, readPairing, readPersonPairing } from '../../../shared/app/pairing/read';
import { startPairing, startPersonPairing } from '../../../shared/app/pairing/start';
import { unlinkPairing } from '../../../shared/app/pairing/unlink';
import {
  bearerOperation,
  created,
  image,
  noContent,
  ok,
  publicOperation,
} from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { pairingWiring } from '../../composition/api';
import { requests } from './schemas';

const { deps } = pairingWiring();

export const handler = apiHandler('pairing', {
  listChannels: bearerOperation({
    ...requests.listChannels,
    run: async ({ params }, caller) => ok(await listChannels(await deps(), caller, params.uid)),
  }),
  contractChannel: bearerOperation({
    ...requests.contractChannel,
    run: async ({ params }, caller) => {
      const answer = await contractChannel(await deps(), caller, params.uid, params.channel);
      return answer.created ? created(answer.channels) : ok(answer.channels);
    },
  }),
  startPairing: bearerOperation({
    ...requests.startPairing,
    run: async ({ params, body }, caller) =>
      created(await startPairing(await deps(), caller, params.uid, body.method)),
  }),
  readPairing: bearerOperation({
    ...requests.readPairing,
    run: async ({ params }, caller) => ok(await readPairing(await deps(), caller, params.uid)),
  }),
  unlinkPairing: bearerOperation({
    ...requests.unlinkPairing,
    run: async ({ params }, caller) => {
      await unlinkPairing(await deps(), caller, params.uid);
      return noContent();
    },
  }),
  answerPasskey: bearerOperation({
    ...requests.answerPasskey,
    run: async ({ params, body }, caller) =>
      ok(await answerPasskey(await deps(), caller, params.uid, body.matches)),
  }),
  renewChallenge: bearerOperation({
    ...requests.renewChallenge,
    run: async ({ params, query }, caller) =>
      ok(await renewChallenge(await deps(), caller, params.uid, query.method)),
  }),
  pairingAvatar: bearerOperation({
    ...requests.pairingAvatar,
    run: async ({ params }, caller) => {
      const photo = await pairingAvatar(await deps(), caller, params.uid);
      return image(photo.bytes, photo.contentType);
    },
  }),
  startPersonPairing: publicOperation({
    ...requests.startPersonPairing,
    run: async ({ params, ip }) => created(await startPersonPairing(await deps(), params.token, ip)),
  }),
  readPersonPairing: publicOperation({
    ...requests.readPersonPairing,
    run: async ({ params, ip }) => ok(await readPersonPairing(await deps(), params.token, ip)),
  }),
  answerPersonPasskey: publicOperation({
    ...requests.answerPersonPasskey,
    run: async ({ params, body, ip }) =>
      ok(await answerPersonPasskey(await deps(), params.token, ip, body.matches)),
  }),
});
