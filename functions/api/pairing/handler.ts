import * as z from '../../../shared/validation/z';
import { contractChannel, listChannels } from '../../../shared/app/pairing/channels';
import {
  guardianPasskey,
  pairingAvatar,
  readGuardianPairing,
  renewChallenge,
  startGuardianPairing,
  unlinkPairing,
} from '../../../shared/app/pairing/pairing';
import {
  passkeyFromLink,
  readPairingFromLink,
  startPairingFromLink,
} from '../../../shared/app/pairing/person-pairing';
import { pairingMethods } from '../../../shared/domain/pairing/pairing';
import { seatParams, tokenParams, uidParam } from '../../../shared/http/fields';
import {
  bearerOperation,
  created,
  image,
  noContent,
  ok,
  publicOperation,
} from '../../../shared/http/operation';
import { apiHandler } from '../api-handler';
import { deps } from '../session-deps';

/** Any channel name reaches the use case, which answers CHANNEL_UNAVAILABLE for those not offered. */
const channelParams = z.object({ uid: uidParam, channel: z.string().check(z.minLength(1), z.maxLength(32)) });
/** `chat` is the only channel that pairs; another value is a bad request, as the spec's body says. */
const startBody = z.strictObject({ channel: z.literal('chat'), method: z.enum(pairingMethods) });
const passkeyBody = z.strictObject({ matches: z.boolean() });
const renewalQuery = z.strictObject({ method: z.optional(z.enum(pairingMethods)) });
/** The person's start takes `{}`: the code on their own phone is the only path from the page. */
const emptyBody = z.optional(z.strictObject({}));

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
  startPairing: bearerOperation({
    params: seatParams,
    body: startBody,
    run: async ({ params, body }, caller) =>
      created(await startGuardianPairing(await deps(), caller, params.uid, body.method)),
  }),
  readPairing: bearerOperation({
    params: seatParams,
    run: async ({ params }, caller) => ok(await readGuardianPairing(await deps(), caller, params.uid)),
  }),
  unlinkPairing: bearerOperation({
    params: seatParams,
    run: async ({ params }, caller) => {
      await unlinkPairing(await deps(), caller, params.uid);
      return noContent();
    },
  }),
  answerPasskey: bearerOperation({
    params: seatParams,
    body: passkeyBody,
    run: async ({ params, body }, caller) =>
      ok(await guardianPasskey(await deps(), caller, params.uid, body.matches)),
  }),
  renewChallenge: bearerOperation({
    params: seatParams,
    query: renewalQuery,
    run: async ({ params, query }, caller) =>
      ok(await renewChallenge(await deps(), caller, params.uid, query.method)),
  }),
  pairingAvatar: bearerOperation({
    params: seatParams,
    run: async ({ params }, caller) => {
      const photo = await pairingAvatar(await deps(), caller, params.uid);
      return image(photo.bytes, photo.contentType);
    },
  }),
  startPersonPairing: publicOperation({
    params: tokenParams,
    body: emptyBody,
    run: async ({ params, ip }) => created(await startPairingFromLink(await deps(), params.token, ip)),
  }),
  readPersonPairing: publicOperation({
    params: tokenParams,
    run: async ({ params, ip }) => ok(await readPairingFromLink(await deps(), params.token, ip)),
  }),
  answerPersonPasskey: publicOperation({
    params: tokenParams,
    body: passkeyBody,
    run: async ({ params, body, ip }) =>
      ok(await passkeyFromLink(await deps(), params.token, ip, body.matches)),
  }),
});
