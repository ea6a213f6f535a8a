import { timingSafeEqual } from 'node:crypto';
import { createServer, STATUS_CODES } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from '../../shared/validation/z';
import { openAccountStream, openPersonStream } from '../../shared/app/events/streams';
import type { Deps } from '../../shared/app/deps';
import { pushSignature, pushSignatureHeader } from '../../shared/adapters/relay/http-push';
import { ServiceError, fail } from '../../shared/domain/errors';
import type { StreamHolder } from '../../shared/domain/events/streams';
import { clientIp, loadBalancedSender, type ClientIpTrust } from '../../shared/http/client-ip';
import { errorResponse } from '../../shared/http/envelope';
import { decodePathSegment } from '../../shared/http/request';
import type { Hub, Subscriber } from './hub';
import { readRequestHead, type RequestHead } from './request-head';

export type RelayDeps = Pick<Deps, 'families' | 'hasher' | 'clock' | 'tickets' | 'rateLimiter'>;

const ulid = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const accountPath = /^\/accounts\/([^/]+)\/events$/;
const personPath = /^\/consent-requests\/([^/]+)\/events$/;
const pushBody = z.object({
  topics: z
    .array(z.object({ topic: z.string().check(z.maxLength(200)), oldestId: z.string().check(z.regex(ulid)) }))
    .check(z.maxLength(1000)),
});

/** A whole answer on a connection that then closes (errors, health): no keep-alive to manage. */
const answer = (socket: Socket, result: APIGatewayProxyStructuredResultV2) => {
  const status = result.statusCode ?? 200;
  const body = typeof result.body === 'string' ? result.body : '';
  const headers = Object.entries({
    ...(result.headers as Record<string, string> | undefined),
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${headers.join('')}\r\n${body}`);
};

const answerError = (socket: Socket, error: unknown, onError: (error: unknown) => void) => {
  const known = error instanceof ServiceError ? error : new ServiceError('INTERNAL', { cause: error });
  if (!(error instanceof ServiceError)) onError(error);
  answer(socket, errorResponse(known));
};

const streamHead = [
  'HTTP/1.1 200 OK',
  'content-type: text/event-stream; charset=utf-8',
  'cache-control: no-cache, no-store',
  'connection: keep-alive',
  'transfer-encoding: chunked',
  'x-accel-buffering: no',
].join('\r\n');
/** One chunk of the chunked body. */
const chunk = (frame: string) => `${Buffer.byteLength(frame).toString(16)}\r\n${frame}\r\n`;

/** Where a client resumes: the `Last-Event-ID` header, or `lastEventId` for clients that cannot set it. */
const resumeFrom = (head: RequestHead, url: URL): string | null => {
  const value = head.headers.get('last-event-id') ?? url.searchParams.get('lastEventId') ?? undefined;
  return value !== undefined && ulid.test(value) ? value : null;
};

/**
 * The relay's public server: the two SSE routes (errors in the envelope before a stream opens), and
 * `GET /health`. A stream opened without `Last-Event-ID` starts live, at the newest event.
 *
 * It speaks HTTP/1.1 on plain sockets rather than through `node:http`: an open stream then holds
 * only its socket and its subscriber, not a request, a response and an HTTP parser each (measured:
 * about 3 KB against 14 KB a connection), which is what lets one task hold many thousands. Requests
 * are read strictly and bounded (`request-head.ts`); every answer but a stream closes its connection.
 */
export const startRelayServer = async (options: {
  port: number;
  host?: string;
  deps: RelayDeps;
  hub: Hub;
  latestId: (accountId: string) => Promise<string | null>;
  clientIpTrust: ClientIpTrust;
  onError: (error: unknown) => void;
  /** A client that reads slower than this much is buffered for is cut off (it resumes with `Last-Event-ID`). */
  maxBufferedBytes?: number;
  /** How long a stream lasts before its client is told to reconnect (with a new ticket). */
  maxStreamMs: number;
}): Promise<{ close(): Promise<void> }> => {
  const maxBuffered = options.maxBufferedBytes ?? 1 << 20;
  // Up to a tenth shorter, so streams opened together (after a deploy) do not all reconnect together.
  const lifetime = () => options.maxStreamMs * (1 - Math.random() / 10);
  /** Connections whose stream head went out: past it, a failure can only end the stream. */
  const streaming = new WeakSet<Socket>();

  const open = async (socket: Socket, holder: StreamHolder, lastId: string | null) => {
    if (socket.destroyed) return;
    socket.write(`${streamHead}\r\n\r\n`);
    streaming.add(socket);
    const sub: Subscriber = {
      ...holder,
      endsAt: holder.openedAt + lifetime(),
      since: lastId,
      lastId,
      write: (frame) => {
        if (socket.writableLength > maxBuffered) return void socket.destroy();
        socket.write(chunk(frame));
      },
      end: () => void socket.end('0\r\n\r\n'),
    };
    socket.once('close', () => void options.hub.unsubscribe(sub));
    // Whatever the client sends after its request is read and dropped, so its close is seen.
    socket.resume();
    await options.hub.subscribe(sub);
    // A client gone while it was being subscribed leaves nothing behind.
    if (socket.destroyed) await options.hub.unsubscribe(sub);
  };

  const handle = async (socket: Socket, head: RequestHead) => {
    const url = URL.parse(head.target, 'http://relay');
    if (url === null) throw fail('BAD_REQUEST', undefined, 'The request target is not a URL.');
    const ip = clientIp(loadBalancedSender(head.headers, socket.remoteAddress), options.clientIpTrust);
    if (head.method === 'GET' && url.pathname === '/health') {
      const memory = process.memoryUsage();
      return answer(socket, {
        statusCode: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          status: 'ok',
          connections: options.hub.connections(),
          memory: {
            rssMb: Math.round(memory.rss / 2 ** 20),
            heapUsedMb: Math.round(memory.heapUsed / 2 ** 20),
          },
        }),
      });
    }
    const account = accountPath.exec(url.pathname);
    const person = personPath.exec(url.pathname);
    if (head.method !== 'GET' || (account === null && person === null)) {
      throw new ServiceError('NOT_FOUND');
    }
    const key = decodePathSegment((account ?? person)?.[1] ?? '');
    if (key === null) throw fail('BAD_REQUEST', undefined, 'The path is not valid percent-encoding.');
    const openedAt = Date.now();
    const resume = resumeFrom(head, url);
    if (account !== null) {
      // The live position is read before the membership check: a removal that commits after the
      // check comes after it, so the stream receives it and ends.
      const lastId = resume ?? (await options.latestId(key));
      const { topic, userUid } = await openAccountStream(
        options.deps,
        key,
        url.searchParams.get('ticket') ?? '',
      );
      return open(socket, { topic, userUid, openedAt }, lastId);
    }
    const topic = await openPersonStream(options.deps, key, ip);
    await open(
      socket,
      { topic, userUid: null, openedAt },
      resume ?? (await options.latestId(topic.accountId)),
    );
  };

  const sockets = new Set<Socket>();
  const server = createNetServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A reset or a broken pipe ends the connection; its close does the rest.
    socket.on('error', () => socket.destroy());
    void readRequestHead(socket, { maxBytes: 8192, timeoutMs: 10_000 }).then((outcome) => {
      if ('closed' in outcome) return;
      if ('refused' in outcome) {
        const refusal =
          outcome.refused === 431
            ? new ServiceError('HTTP_ERROR', { status: 431, message: 'The request head is too large.' })
            : new ServiceError('BAD_REQUEST');
        return answer(socket, errorResponse(refusal));
      }
      handle(socket, outcome.head).catch((error: unknown) => {
        if (socket.destroyed) return;
        if (!streaming.has(socket)) return answerError(socket, error, options.onError);
        // The client reconnects with its Last-Event-ID.
        options.onError(error);
        socket.destroy();
      });
    });
  });
  await new Promise<void>((done) => server.listen(options.port, options.host ?? '127.0.0.1', done));
  return {
    /** Stops accepting; streams the hub already ended get a moment to flush their last frame. */
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        for (const socket of sockets) if (!socket.writableEnded) socket.destroy();
        setTimeout(() => {
          for (const socket of sockets) socket.destroy();
        }, 1_000).unref();
      }),
  };
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
}): Promise<{ close(): Promise<void> }> => {
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
  return {
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
};
