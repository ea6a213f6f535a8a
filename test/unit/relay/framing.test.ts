import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventFrame, SocketStream } from '../../../functions/relay/framing';
import type { DomainEvent } from '../../../shared/domain/events/event';

const event: DomainEvent = {
  id: '01K00000000000000000000002',
  type: 'pairing.status',
  accountId: 'acc',
  seatId: 'seat-1',
  seatUid: 'st_x',
  source: 'workers',
  payload: { status: 'challenge' },
  occurredAt: '2026-11-22T10:00:00.000Z',
};

/** What a stream writes on its socket, and whether it ended or was cut off. */
const fakeSocket = (queued = 0) => {
  const written: string[] = [];
  const state = { ended: false, destroyed: false };
  const socket = {
    writableLength: queued,
    get writableEnded() {
      return state.ended;
    },
    write: (text: string) => void written.push(text),
    end: (text: string) => {
      written.push(text);
      state.ended = true;
    },
    destroy: () => void (state.destroyed = true),
    once: () => undefined,
  } as unknown as Socket;
  return { socket, written, state };
};
const holder = { topic: { kind: 'account' as const, accountId: 'acc' }, userUid: 'usr_1', openedAt: 0 };

describe('SSE frames', () => {
  it('put the resume position on the id line and the client event (its own id, its public seat) in the data', () => {
    expect(eventFrame(event)).toBe(
      `id: ${event.id}\nevent: event\ndata: ${JSON.stringify({
        id: event.id,
        seatUid: 'st_x',
        type: 'pairing.status',
        payload: { status: 'challenge' },
        occurredAt: event.occurredAt,
      })}\n\n`,
    );
    const late = eventFrame(event, '01K00000000000000000000009');
    expect(late).toMatch(/^id: 01K00000000000000000000009\n/);
    expect(late).toContain(`"id":"${event.id}"`);
    expect(late).not.toContain('seat-1');
  });
});

describe('a stream on its socket', () => {
  it('writes its head, then each frame as one chunk of the chunked body', () => {
    const { socket, written } = fakeSocket();
    const stream = new SocketStream(socket, holder, null, Number.POSITIVE_INFINITY, 1 << 20);
    stream.open();
    stream.send(event, event.id);
    stream.ping();
    expect(written[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*transfer-encoding: chunked\r\n[\s\S]*\r\n\r\n$/);
    const frame = eventFrame(event);
    expect(written[1]).toBe(`${Buffer.byteLength(frame).toString(16)}\r\n${frame}\r\n`);
    expect(written[2]).toBe('16\r\nevent: ping\ndata: {}\n\n\r\n');
  });

  it('ends with the retry hint when it wants its client back, with the body’s end alone otherwise, once', () => {
    const back = fakeSocket();
    new SocketStream(back.socket, holder, null, 0, 1 << 20).end(true);
    expect(back.written).toEqual(['d\r\nretry: 1000\n\n\r\n0\r\n\r\n']);
    const gone = fakeSocket();
    const stream = new SocketStream(gone.socket, holder, null, 0, 1 << 20);
    stream.end(false);
    stream.end(true);
    stream.ping();
    expect(gone.written).toEqual(['0\r\n\r\n']);
  });

  it('cuts off a client that has more than its allowance queued, instead of buffering without end', () => {
    const slow = fakeSocket((1 << 20) + 1);
    new SocketStream(slow.socket, holder, null, 0, 1 << 20).send(event, event.id);
    expect(slow.state.destroyed).toBe(true);
    expect(slow.written).toEqual([]);
  });
});
