import { fail } from '../../shared/domain/errors';
import { decodePathSegment } from '../../shared/http/request';
import type { RequestHead } from './request-head';

/** What a request to the relay's public port asks for. */
export type RelayRoute =
  | { kind: 'health' }
  | { kind: 'account'; accountUid: string; ticket: string; resume: string | null }
  | { kind: 'person'; token: string; resume: string | null };

const ulid = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const accountPath = /^\/accounts\/([^/]+)\/events$/;
const personPath = /^\/consent-requests\/([^/]+)\/events$/;

/** Where a client resumes: the `Last-Event-ID` header, or `lastEventId` for clients that cannot set it. */
const resumeFrom = (head: RequestHead, url: URL): string | null => {
  const value = head.headers.get('last-event-id') ?? url.searchParams.get('lastEventId') ?? undefined;
  return value !== undefined && ulid.test(value) ? value : null;
};

/**
 * Which stream a request names: the guardian's stream of an account, the person's stream of a
 * link, or the health check. Only `GET`; anything else is 404 `NOT_FOUND`, a target that cannot be
 * read 400 `BAD_REQUEST`.
 */
export const routeOf = (head: RequestHead): RelayRoute => {
  const url = URL.parse(head.target, 'http://relay');
  if (url === null) throw fail('BAD_REQUEST', undefined, 'The request target is not a URL.');
  if (head.method !== 'GET') throw fail('NOT_FOUND');
  if (url.pathname === '/health') return { kind: 'health' };
  const account = accountPath.exec(url.pathname);
  const person = personPath.exec(url.pathname);
  if (account === null && person === null) throw fail('NOT_FOUND');
  const key = decodePathSegment((account ?? person)?.[1] ?? '');
  if (key === null) throw fail('BAD_REQUEST', undefined, 'The path is not valid percent-encoding.');
  const resume = resumeFrom(head, url);
  return account !== null
    ? { kind: 'account', accountUid: key, ticket: url.searchParams.get('ticket') ?? '', resume }
    : { kind: 'person', token: key, resume };
};
