import { EventSource } from 'eventsource';
import { call, uniqueIp } from './api';
import { stackValue } from './stack';
import { eventually } from '../../support/eventually';

export interface Received {
  id: string;
  seatUid: string | null;
  type: string;
  payload: Record<string, unknown>;
  occurredAt: string;
}

/** A live SSE connection through a real client library, recording what it receives. */
export const listen = (path: string, headers: Record<string, string> = {}, base = stackValue('relayUrl')) => {
  const events: Received[] = [];
  const frameIds: string[] = [];
  let pings = 0;
  let opened = false;
  let failed: string | null = null;
  let closedByServer = false;
  const source = new EventSource(`${base}${path}`, {
    fetch: (url, init) => fetch(url, { ...init, headers: { ...init?.headers, ...headers } }),
  });
  source.addEventListener('open', () => (opened = true));
  source.addEventListener('event', (message) => {
    frameIds.push(message.lastEventId);
    events.push(JSON.parse(message.data) as Received);
  });
  source.addEventListener('ping', () => (pings += 1));
  source.addEventListener('error', (error) => {
    failed = error.message ?? 'error';
    closedByServer = true;
    // Account tickets are single use: the client must not retry with the same one.
    source.close();
  });
  return {
    events,
    frameIds,
    pings: () => pings,
    failed: () => failed,
    closedByServer: () => closedByServer,
    open: () =>
      eventually(
        async () => opened,
        (yes) => yes,
        'the stream to open',
      ),
    close: () => source.close(),
    until: (accept: (events: Received[]) => boolean, what: string, deadlineMs?: number) =>
      eventually(async () => events, accept, what, deadlineMs),
  };
};

export const ticketFor = async (token: string, accountUid: string): Promise<string> => {
  const answer = await call('POST', `/accounts/${accountUid}/events/ticket`, { token });
  if (answer.status !== 201) throw new Error(`ticket refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data.ticket as string;
};

/** The guardian's stream of an account, with a fresh ticket (and a position to resume from). */
export const guardianStream = async (
  token: string,
  accountUid: string,
  lastEventId?: string,
  base?: string,
) => {
  const ticket = await ticketFor(token, accountUid);
  const stream = listen(
    `/accounts/${accountUid}/events?ticket=${encodeURIComponent(ticket)}`,
    lastEventId === undefined ? {} : { 'last-event-id': lastEventId },
    base,
  );
  await stream.open();
  return stream;
};

export const personStream = async (linkToken: string) => {
  const stream = listen(`/consent-requests/${linkToken}/events`, { 'x-forwarded-for': uniqueIp() });
  await stream.open();
  return stream;
};

/** The first ULID there can be: resuming after it replays the whole account. */
export const fromTheStart = '00000000000000000000000000';
