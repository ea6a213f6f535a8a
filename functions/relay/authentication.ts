import { timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../shared/app/deps';
import { openAccountStream, openPersonStream } from '../../shared/app/events/streams';
import { pushSignature } from '../../shared/adapters/relay/http-push';
import type { StreamHolder } from '../../shared/domain/events/streams';
import type { RelayRoute } from './routing';

export type RelayDeps = Pick<Deps, 'families' | 'hasher' | 'clock' | 'tickets' | 'rateLimiter'>;

/** An admitted stream: whose it is, and the position it starts after (null: the account's first event). */
export interface Admission {
  holder: StreamHolder;
  lastId: string | null;
}

/**
 * Who may open a stream: a guardian with a fresh single-use ticket of the account (a member still),
 * or whoever holds a live consent link (counted per link and per address first). Anything else is
 * refused (401, 404, 429 in the envelope) before the stream opens. A stream without `Last-Event-ID`
 * starts at the newest event.
 */
export const admit = async (
  deps: RelayDeps & { latestId: (accountId: string) => Promise<string | null> },
  route: Exclude<RelayRoute, { kind: 'health' }>,
  ip: string,
): Promise<Admission> => {
  const openedAt = deps.clock.now().getTime();
  if (route.kind === 'account') {
    // The live position is read before the membership check: a removal that commits after the
    // check comes after it, so the stream receives it and ends.
    const lastId = route.resume ?? (await deps.latestId(route.accountUid));
    const { topic, userUid } = await openAccountStream(deps, route.accountUid, route.ticket);
    return { holder: { topic, userUid, openedAt }, lastId };
  }
  const topic = await openPersonStream(deps, route.token, ip);
  return {
    holder: { topic, userUid: null, openedAt },
    lastId: route.resume ?? (await deps.latestId(topic.accountId)),
  };
};

/** Whether a push came from the stream handler: signed with the service's keyed hash, compared in constant time. */
export const signedPush = (deps: Pick<Deps, 'hasher'>, body: string, signature: string): boolean => {
  const given = Buffer.from(signature);
  const expected = Buffer.from(pushSignature(deps.hasher, body));
  return given.length === expected.length && timingSafeEqual(given, expected);
};
