import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Subscriber } from '../../shared/app/events/hub';
import { toClientEvent, type DomainEvent } from '../../shared/domain/events/event';
import type { StreamHolder } from '../../shared/domain/events/streams';

/**
 * What the relay writes on the wire: SSE frames, inside an HTTP/1.1 chunked body, and the whole
 * answers (errors, health) after which a connection closes.
 */

/**
 * One event's frame. The `id:` line is where the client resumes (its `Last-Event-ID`): the position
 * the hub gives, the event's own id except for a late event (whose own id is in its data).
 */
export const eventFrame = (event: DomainEvent, position: string = event.id): string =>
  `id: ${position}\nevent: event\ndata: ${JSON.stringify(toClientEvent(event))}\n\n`;
export const pingFrame = 'event: ping\ndata: {}\n\n';
/** Before the relay closes a stream it wants back: reconnect in a second (maybe to another task, with a new ticket). */
export const retryFrame = 'retry: 1000\n\n';

export const streamHead = `${[
  'HTTP/1.1 200 OK',
  'content-type: text/event-stream; charset=utf-8',
  'cache-control: no-cache, no-store',
  'connection: keep-alive',
  'transfer-encoding: chunked',
  'x-accel-buffering: no',
].join('\r\n')}\r\n\r\n`;
/** One chunk of the chunked body. */
export const chunk = (frame: string): string => `${Buffer.byteLength(frame).toString(16)}\r\n${frame}\r\n`;
/** The chunked body's end. */
export const lastChunk = '0\r\n\r\n';

/** How long a connection the relay has ended may wait for its client's side to close too. */
export const lingerMs = 5_000;

/**
 * Ends the connection with its last bytes, and destroys it if the client has not closed its side
 * within `lingerMs`: a client that never reads or never closes holds nothing for long.
 */
export const endSoon = (socket: Socket, last: string): void => {
  socket.end(last);
  const linger = setTimeout(() => socket.destroy(), lingerMs).unref();
  socket.once('close', () => clearTimeout(linger));
};

/** A whole answer on a connection that then closes (errors, health): no keep-alive to manage. */
export const answer = (socket: Socket, result: APIGatewayProxyStructuredResultV2): void => {
  const status = result.statusCode ?? 200;
  const body = typeof result.body === 'string' ? result.body : '';
  const headers = Object.entries({
    ...(result.headers as Record<string, string> | undefined),
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  endSoon(socket, `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${headers.join('')}\r\n${body}`);
};

/**
 * One open stream on its socket, as the hub drives it. A class, so each connection holds its fields
 * only (the methods are shared): what lets one task hold many thousands. A client that reads slower
 * than `maxBuffered` bytes are queued for is cut off; it resumes with its `Last-Event-ID`.
 */
export class SocketStream implements Subscriber {
  readonly topic: StreamHolder['topic'];
  readonly userUid: string | null;
  readonly openedAt: number;
  readonly since: string | null;
  lastId: string | null;

  constructor(
    private readonly socket: Socket,
    holder: StreamHolder,
    position: string | null,
    readonly endsAt: number,
    private readonly maxBuffered: number,
  ) {
    this.topic = holder.topic;
    this.userUid = holder.userUid;
    this.openedAt = holder.openedAt;
    this.since = position;
    this.lastId = position;
  }

  /** The response head: from here on, a failure can only end the stream. */
  open(): void {
    this.socket.write(streamHead);
  }

  send(event: DomainEvent, position: string): void {
    this.write(eventFrame(event, position));
  }

  ping(): void {
    this.write(pingFrame);
  }

  end(reconnect: boolean): void {
    if (this.socket.writableEnded) return;
    endSoon(this.socket, reconnect ? `${chunk(retryFrame)}${lastChunk}` : lastChunk);
  }

  private write(frame: string): void {
    if (this.socket.writableEnded) return;
    if (this.socket.writableLength > this.maxBuffered) return void this.socket.destroy();
    this.socket.write(chunk(frame));
  }
}
