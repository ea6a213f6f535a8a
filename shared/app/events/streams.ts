import { fail } from '../../domain/errors';
import { memberOf } from '../../domain/family/account';
import type { StreamTopic } from '../../domain/events/streams';
import type { RateRule } from '../../domain/rate-limit/window';
import type { Caller, Deps } from '../deps';
import { findLink, requireLive } from '../link-access';
import { familyOf } from '../family-access';
import { enforceRateLimits } from '../rate-limits';

const ticketHash = (deps: Pick<Deps, 'hasher'>, ticket: string) => deps.hasher.digest('sse_ticket', ticket);

/**
 * `POST /accounts/{uid}/events/ticket` (member): a single-use ticket valid `SSE_TICKET_TTL_SECONDS`,
 * bound to the account and the caller, kept only as a keyed hash.
 */
export const issueStreamTicket = async (
  deps: Pick<Deps, 'families' | 'secrets' | 'hasher' | 'clock' | 'tickets' | 'settings'>,
  caller: Caller,
  accountUid: string,
) => {
  await familyOf(deps, caller, accountUid);
  const ticket = deps.secrets.urlToken();
  const expiresAt = new Date(
    deps.clock.now().getTime() + deps.settings.stream.ticketTtlSeconds * 1000,
  ).toISOString();
  await deps.tickets.issue(ticketHash(deps, ticket), { accountUid, userUid: caller.userUid, expiresAt });
  return { ticket, expiresAt };
};

/**
 * Opens `GET /accounts/{uid}/events?ticket=`: the ticket is used up whatever happens; a used,
 * expired or foreign ticket, or one whose user left the family, is 401 before the stream opens.
 * The stream's user is returned too: their removal from the family ends it.
 */
export const openAccountStream = async (
  deps: Pick<Deps, 'families' | 'hasher' | 'clock' | 'tickets'>,
  accountUid: string,
  ticket: string,
): Promise<{ topic: StreamTopic; userUid: string }> => {
  const held =
    ticket.length > 0 && ticket.length <= 128 ? await deps.tickets.consume(ticketHash(deps, ticket)) : null;
  const valid =
    held !== null &&
    held.accountUid === accountUid &&
    Date.parse(held.expiresAt) > deps.clock.now().getTime();
  const family = valid ? await deps.families.load(accountUid) : null;
  if (held === null || family === null || memberOf(family, held.userUid) === undefined)
    throw fail('UNAUTHORIZED');
  return { topic: { kind: 'account', accountId: accountUid }, userUid: held.userUid };
};

/** The person's stream budgets (docs/api.md, a 10-minute window), counted before the lookup. */
const personStreamBudgets: { perLink: RateRule; perIp: RateRule } = {
  perLink: { limit: 30, windowSeconds: 600 },
  perIp: { limit: 600, windowSeconds: 600 },
};

/** Opens `GET /consent-requests/{token}/events`: the seat's stream of a live link. */
export const openPersonStream = async (
  deps: Pick<Deps, 'families' | 'hasher' | 'clock' | 'rateLimiter'>,
  token: string,
  ip: string,
): Promise<StreamTopic> => {
  await enforceRateLimits(deps.rateLimiter, [
    { rule: 'person_stream_link', identifier: token, limit: personStreamBudgets.perLink },
    { rule: 'person_stream_ip', identifier: ip, limit: personStreamBudgets.perIp },
  ]);
  const { seat } = requireLive(await findLink(deps, token), deps.clock.now());
  return { kind: 'seat', accountId: seat.accountUid, seatId: seat.seatId };
};
