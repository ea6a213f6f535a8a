import { createServer as createNetServer, type Socket } from 'node:net';
import type { Hub } from '../../shared/app/events/hub';
import { fail, ServiceError } from '../../shared/domain/errors';
import { clientIp, loadBalancedSender, type ClientIpTrust } from '../../shared/http/client-ip';
import { errorResponse } from '../../shared/http/envelope';
import { admit, type RelayDeps } from './authentication';
import { answer, SocketStream } from './framing';
import { readRequestHead, type RequestHead } from './request-head';
import { routeOf } from './routing';

/**
 * What the public port accepts of a request head before answering 431, and how long after the
 * connection opened the whole head must have arrived (a deadline: trickling bytes does not extend it).
 */
export const headLimits = { maxBytes: 8192, timeoutMs: 10_000 } as const;

/** What a client over its cap is told: try again in a while. */
const capRetrySeconds = 10;
/** How much a slow reader may have queued before it is cut off (it resumes with `Last-Event-ID`). */
export const maxBufferedBytes = 1 << 20;

const answerError = (socket: Socket, error: unknown, onError: (error: unknown) => void) => {
  const known = error instanceof ServiceError ? error : new ServiceError('INTERNAL', { cause: error });
  if (!(error instanceof ServiceError)) onError(error);
  answer(socket, errorResponse(known));
};

/**
 * The load balancer's health check: up or not, nothing more. The figures (connections, memory) are
 * metrics, not something to hand whoever asks.
 */
const health = (socket: Socket) => {
  answer(socket, {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'ok' }),
  });
};

/** How many of something each key holds: a count per key, forgotten at zero. */
const tally = () => {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add: (key: string) => void counts.set(key, (counts.get(key) ?? 0) + 1),
    remove: (key: string) => {
      const left = (counts.get(key) ?? 0) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
};

const overCap = () =>
  fail('RATE_LIMITED', { retryAfterSeconds: capRetrySeconds }, 'Too many connections from this address.');

/**
 * The relay's public server: the two SSE routes (errors in the envelope before a stream opens), and
 * `GET /health`. It speaks HTTP/1.1 on plain sockets rather than through `node:http`, so an open
 * stream holds only its socket and its subscriber (docs/adr/0001-relay-speaks-http.md). Each request
 * is read strictly and bounded (`request-head.ts`), routed (`routing.ts`), admitted
 * (`authentication.ts`) and then framed (`framing.ts`); every answer but a stream closes its
 * connection.
 */
export const startRelayServer = async (options: {
  port: number;
  host?: string;
  deps: RelayDeps;
  hub: Hub;
  latestId: (accountId: string) => Promise<string | null>;
  clientIpTrust: ClientIpTrust;
  onError: (error: unknown) => void;
  maxBufferedBytes?: number;
  /** How long a stream lasts before its client is told to reconnect (with a new ticket). */
  maxStreamMs: number;
  headLimits?: { maxBytes: number; timeoutMs: number };
  /** How many connections one source may hold (`RELAY_HEADS_PER_SOURCE`, `RELAY_STREAMS_PER_CLIENT`). */
  caps: { headsPerSource: number; streamsPerClient: number };
}): Promise<{ close(): Promise<void> }> => {
  const maxBuffered = options.maxBufferedBytes ?? maxBufferedBytes;
  const limits = options.headLimits ?? headLimits;
  const { caps } = options;
  const heads = tally();
  const streams = tally();
  // Up to a tenth shorter, so streams opened together (after a deploy) do not all reconnect together.
  const lifetime = () => options.maxStreamMs * (1 - Math.random() / 10);
  /** Connections whose stream head went out: past it, a failure can only end the stream. */
  const streaming = new WeakSet<Socket>();

  const handle = async (socket: Socket, head: RequestHead) => {
    const route = routeOf(head);
    if (route.kind === 'health') return health(socket);
    const ip = clientIp(loadBalancedSender(head.headers, socket.remoteAddress), options.clientIpTrust);
    // Counted from before the admission's reads, so a burst cannot pass the cap while they run.
    if (streams.count(ip) >= caps.streamsPerClient) throw overCap();
    streams.add(ip);
    socket.once('close', () => streams.remove(ip));
    const { holder, lastId } = await admit({ ...options.deps, latestId: options.latestId }, route, ip);
    if (socket.destroyed) return;
    const stream = new SocketStream(socket, holder, lastId, holder.openedAt + lifetime(), maxBuffered);
    stream.open();
    streaming.add(socket);
    socket.once('close', () => void options.hub.unsubscribe(stream));
    // Whatever the client sends after its request is read and dropped, so its close is seen.
    socket.resume();
    await options.hub.subscribe(stream);
    // A client gone while it was being subscribed leaves nothing behind.
    if (socket.destroyed) await options.hub.unsubscribe(stream);
  };

  const sockets = new Set<Socket>();
  const server = createNetServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A reset or a broken pipe ends the connection; its close does the rest.
    socket.on('error', () => socket.destroy());
    const source = socket.remoteAddress ?? '';
    if (heads.count(source) >= caps.headsPerSource) return answer(socket, errorResponse(overCap()));
    heads.add(source);
    void readRequestHead(socket, limits).then((outcome) => {
      heads.remove(source);
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
