import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { openAccountStream, openPersonStream } from '../../shared/app/events/streams';
import type { Deps } from '../../shared/app/deps';
import { pushSignature, pushSignatureHeader } from '../../shared/adapters/relay/http-push';
import { ServiceError } from '../../shared/domain/errors';
import type { StreamTopic } from '../../shared/domain/events/streams';
import { errorResponse } from '../../shared/http/envelope';
import type { Hub, Subscriber } from './hub';

export type RelayDeps = Pick<Deps, 'families' | 'hasher' | 'clock' | 'tickets' | 'rateLimiter'>;

const ulid = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const accountPath = /^\/accounts\/([^/]+)\/events$/;
const personPath = /^\/consent-requests\/([^/]+)\/events$/;
const pushBody = z.object({
  topics: z.array(z.object({ topic: z.string().max(200), oldestId: z.string().regex(ulid) })).max(1000),
});

const answerError = (response: ServerResponse, error: unknown, onError: (error: unknown) => void) => {
  const known = error instanceof ServiceError ? error : new ServiceError('INTERNAL', { cause: error });
  if (!(error instanceof ServiceError)) onError(error);
  const answer = errorResponse(known);
  response.writeHead(answer.statusCode ?? 500, answer.headers as Record<string, string>).end(answer.body);
};

/** Where a client resumes: the `Last-Event-ID` header, or `lastEventId` for clients that cannot set it. */
const resumeFrom = (request: IncomingMessage, url: URL): string | null => {
  const given = request.headers['last-event-id'] ?? url.searchParams.get('lastEventId') ?? undefined;
  const value = Array.isArray(given) ? given[0] : given;
  return value !== undefined && ulid.test(value) ? value : null;
};

/**
 * The relay's public server: the two SSE routes (errors in the envelope before a stream opens), and
 * `GET /health`. A stream opened without `Last-Event-ID` starts live, at the newest event.
 */
export const startRelayServer = async (options: {
  port: number;
  host?: string;
  deps: RelayDeps;
  hub: Hub;
  latestId: (accountId: string) => Promise<string | null>;
  onError: (error: unknown) => void;
}): Promise<Server> => {
  const open = async (request: IncomingMessage, response: ServerResponse, url: URL, topic: StreamTopic) => {
    const resume = resumeFrom(request, url);
    const lastId = resume ?? (await options.latestId(topic.accountId));
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    response.flushHeaders();
    const sub: Subscriber = {
      topic,
      since: lastId,
      lastId,
      write: (frame) => void response.write(frame),
      end: () => response.end(),
    };
    request.socket.setNoDelay(true);
    response.on('close', () => void options.hub.unsubscribe(sub));
    await options.hub.subscribe(sub);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://relay');
    const ip =
      (request.headers['x-forwarded-for'] as string | undefined)?.split(',')[0]?.trim() ||
      request.socket.remoteAddress ||
      '';
    if (request.method === 'GET' && url.pathname === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const memory = process.memoryUsage();
      return void response.end(
        JSON.stringify({
          status: 'ok',
          connections: options.hub.connections(),
          memory: {
            rssMb: Math.round(memory.rss / 2 ** 20),
            heapUsedMb: Math.round(memory.heapUsed / 2 ** 20),
          },
        }),
      );
    }
    const account = accountPath.exec(url.pathname);
    const person = personPath.exec(url.pathname);
    if (request.method !== 'GET' || (account === null && person === null)) {
      throw new ServiceError('NOT_FOUND');
    }
    const topic =
      account !== null
        ? await openAccountStream(
            options.deps,
            decodeURIComponent(account[1] ?? ''),
            url.searchParams.get('ticket') ?? '',
          )
        : await openPersonStream(options.deps, decodeURIComponent(person?.[1] ?? ''), ip);
    await open(request, response, url, topic);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      answerError(response, error, options.onError);
    });
  });
  // SSE connections live long: no request timeout, and keep-alive beyond the ping.
  server.requestTimeout = 0;
  server.headersTimeout = 10_000;
  await new Promise<void>((done) => server.listen(options.port, options.host ?? '127.0.0.1', done));
  return server;
};

/**
 * The relay's private push endpoint (inside the VPC; locally loopback): the stream handler tells
 * it which topics have news, signed with the service's keyed hash.
 */
export const startPushServer = async (options: {
  port: number;
  host?: string;
  deps: Pick<Deps, 'hasher'>;
  hub: Hub;
}): Promise<Server> => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const given = Buffer.from(String(request.headers[pushSignatureHeader] ?? ''));
      const expected = Buffer.from(pushSignature(options.deps.hasher, body));
      if (
        request.method !== 'POST' ||
        request.url !== '/internal/push' ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected)
      ) {
        return void response.writeHead(401).end();
      }
      let parsed: z.infer<typeof pushBody>;
      try {
        parsed = pushBody.parse(JSON.parse(body));
      } catch {
        return void response.writeHead(400).end();
      }
      // Answer at once: the reads happen after, in topic order.
      response.writeHead(202).end();
      for (const { topic, oldestId } of parsed.topics) void options.hub.wake(topic, oldestId);
    });
  });
  await new Promise<void>((done) => server.listen(options.port, options.host ?? '127.0.0.1', done));
  return server;
};
