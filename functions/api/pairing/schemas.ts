import * as z from '../../../shared/validation/z';
import { pairingMethods } from '../../../shared/domain/pairing/pairing';
import { seatParams, tokenParams, uidParam } from '../../../shared/http/fields';
import type { GroupRequests } from '../contract';

/** Any channel name reaches the use case, which answers CHANNEL_UNAVAILABLE for those not offered. */
const channelParams = z.object({ uid: uidParam, channel: z.string().check(z.minLength(1), z.maxLength(32)) });
/** `chat` is the only channel that pairs, so another value is a bad request, not a domain error. */
const startBody = z.strictObject({ channel: z.literal('chat'), method: z.enum(pairingMethods) });
const passkeyBody = z.strictObject({ matches: z.boolean() });
const renewalQuery = z.strictObject({ method: z.optional(z.enum(pairingMethods)) });
/** The person's start takes `{}`: the code on their own phone is the only path from the page. */
const emptyBody = z.optional(z.strictObject({}));

/** The schemas each pairing operation validates with, keyed by the route table's operation names. */
export const requests = {
  listChannels: { params: seatParams },
  contractChannel: { params: channelParams },
  startPairing: { params: seatParams, body: startBody },
  readPairing: { params: seatParams },
  unlinkPairing: { params: seatParams },
  answerPasskey: { params: seatParams, body: passkeyBody },
  renewChallenge: { params: seatParams, query: renewalQuery },
  pairingAvatar: { params: seatParams },
  startPersonPairing: { params: tokenParams, body: emptyBody },
  readPersonPairing: { params: tokenParams },
  answerPersonPasskey: { params: tokenParams, body: passkeyBody },
} satisfies GroupRequests<'pairing'>;
