import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monotonicFactory } from 'ulid';

/**
 * The session-provider simulator (docs/local-stack.md): the subset of the WAHA HTTP API the service
 * calls, as WAHA 2026.7.1 with the GOWS engine answers it, and controls that play the person's side,
 * each sending the webhook(s) the real provider would, signed the same way (hex HMAC-SHA512 of the
 * exact body, `X-Webhook-Hmac`).
 */
type Status =
  | 'STOPPED'
  | 'STARTING'
  | 'SCAN_QR_CODE'
  | 'PASSKEY_REQUIRED'
  | 'PASSKEY_CONFIRMATION_REQUIRED'
  | 'WORKING'
  | 'FAILED';

/** WAHA's `RetriesConfiguration`: how a webhook that fails is sent again. */
interface Retries {
  policy: 'constant' | 'linear' | 'exponential';
  delaySeconds: number;
  /** Every try, the first included. */
  attempts: number;
}

interface Webhook {
  url: string;
  events: string[];
  hmac?: { key: string };
  retries?: Partial<Retries>;
}

interface SimSession {
  name: string;
  status: Status;
  metadata: Record<string, string>;
  proxy: unknown;
  webhooks: Webhook[];
  me: { id: string; pushName: string } | null;
  /**
   * Whether the engine has read its own account since the link: GOWS reports the link's first
   * `WORKING` with `me: null` (GET .../me already answers it), and `me` from then on.
   */
  meReported: boolean;
  requestedPhone: string | null;
  /** The number of the phone that links the session (the person's side, set by a control): digits. */
  linkedPhone: string | null;
  /** How many of the session's next events are lost on their way (never reach the gateway). */
  lostEvents: number;
  restartsSucceed: boolean;
  unlinked: boolean;
  qr: string;
  /** How many QRs this wait for a link has shown; WAHA gives up after the sixth. */
  qrCount: number;
  qrTimer: NodeJS.Timeout | null;
  /** The three latest status points, as WAHA's `statuses`. */
  statuses: { status: Status; timestamp: number }[];
  /** The gateway's last answer to a delivery that failed after the retries (null: no answer). */
  deliveryFailure: { status: number | null } | null;
  /** How many of the next deletes of the session are refused, and with which status. */
  deleteRefusals: { left: number; status: number };
}

/**
 * What a seeded history message is. Text, media (a caption is its body), or what GOWS's store holds
 * among the messages and drops from a page after slicing it: a reaction, an edit, a deletion.
 */
const historyKinds = {
  text: { media: false, dropped: false },
  image: { media: true, dropped: false },
  video: { media: true, dropped: false },
  document: { media: true, dropped: false },
  sticker: { media: true, dropped: false },
  voice: { media: true, dropped: false },
  reaction: { media: false, dropped: true },
  edit: { media: false, dropped: true },
  revoke: { media: false, dropped: true },
} as const;
type HistoryKind = keyof typeof historyKinds;

/** A seeded chat of the history a session's chats API serves. */
interface SimChat {
  id: string;
  name: string | null;
  messages: {
    id: string;
    kind: HistoryKind;
    /** The payload's body: undefined leaves it out, as GOWS does for media without a caption. */
    body: string | null | undefined;
    fromMe: boolean;
    /** The time the store sorts and filters by (seconds). */
    timestamp: number;
    /** What the payload says instead, when seeded (0 or null: a time the engine lost). */
    shownTimestamp: number | null | undefined;
  }[];
}

/** WAHA's rule for session names (at most 64 minus `waha_noweb`'s length, no dot). */
const sessionNamePattern = /^[A-Za-z0-9_-]{1,54}$/;
const maxQrs = 6;
/** WAHA's default for a webhook without `retries` (15 tries, 2 s apart: issue #53, its Plus sender). */
export const wahaWebhookRetries: Retries = { policy: 'constant', delaySeconds: 2, attempts: 15 };

/**
 * How long WAHA waits before the `retry`-th new try (1: the second try), by policy: constant 2, 2,
 * 2 s; linear 2, 4, 6 s; exponential 2, 4.1, 8.4 s with 20% jitter.
 */
export const retryDelayMs = (retries: Retries, retry: number): number => {
  const base = retries.delaySeconds * 1000;
  if (retries.policy === 'linear') return base * retry;
  if (retries.policy === 'exponential') return base * 2 ** (retry - 1) * (0.8 + Math.random() * 0.4);
  return base;
};

const eventId = monotonicFactory();

export const startSessionProviderSimulator = async (options: {
  port: number;
  apiKey: string;
  /** How long the first QR of a wait lives (WAHA: 60 s). */
  qrFirstSeconds?: number;
  /** How long each later QR lives (WAHA: 20 s). */
  qrRotateSeconds?: number;
  /** How a failed webhook is sent again when its session's config says nothing (WAHA's default). */
  webhookRetries?: Partial<Retries>;
}): Promise<Server> => {
  const sessions = new Map<string, SimSession>();
  /** Seeded histories by session name (set before or after the session exists), and their pace. */
  const histories = new Map<string, SimChat[]>();
  const paces = new Map<string, number>();
  /** History calls failing by session name: with which status, for how many more calls (null: until cleared). */
  const historyFaults = new Map<string, { status: number; left: number | null }>();
  let outage = 0;
  /** Seat uid -> how late the next creation of its session is answered (ms). */
  const slowCreates = new Map<string, number>();
  const qrFirstMs = (options.qrFirstSeconds ?? 60) * 1000;
  const qrRotateMs = (options.qrRotateSeconds ?? 20) * 1000;

  const defaultRetries: Retries = { ...wahaWebhookRetries, ...options.webhookRetries };

  /**
   * One event to every webhook of the session subscribed to it, as WAHA sends it: the same body (and
   * so the same `id`) on every try; a network error or a 5xx is tried again by the webhook's
   * `retries` (WAHA's default without them), any other answer ends the delivery. What still fails
   * after the last try is kept for the control that caused it.
   */
  const deliver = async (
    session: SimSession,
    event: string,
    payload: Record<string, unknown>,
    me = session.me,
  ) => {
    const hooks = session.webhooks.filter((one) => one.events.includes(event) || one.events.includes('*'));
    if (hooks.length === 0) return;
    if (session.lostEvents > 0) {
      session.lostEvents -= 1;
      return;
    }
    const envelope = {
      id: `evt_${eventId().toLowerCase()}`,
      timestamp: Date.now(),
      event,
      session: session.name,
      metadata: session.metadata,
      me,
      payload,
      engine: 'GOWS',
      environment: {
        version: '2026.7.1',
        engine: 'GOWS',
        tier: 'CORE',
        browser: null,
        platform: `${process.platform}/${process.arch}`,
        worker: { id: null },
      },
    };
    const body = JSON.stringify(envelope);
    for (const hook of hooks) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-webhook-request-id': randomBytes(8).toString('hex'),
        'x-webhook-timestamp': String(Date.now()),
      };
      if (hook.hmac?.key !== undefined) {
        headers['x-webhook-hmac'] = createHmac('sha512', hook.hmac.key).update(body).digest('hex');
        headers['x-webhook-hmac-algorithm'] = 'sha512';
      }
      const retries = { ...defaultRetries, ...hook.retries };
      let last: number | null = null;
      for (let attempt = 1; attempt <= Math.max(1, retries.attempts); attempt += 1) {
        if (attempt > 1) await new Promise((done) => setTimeout(done, retryDelayMs(retries, attempt - 1)));
        const answer = await fetch(hook.url, { method: 'POST', headers, body }).catch(() => null);
        last = answer?.status ?? null;
        await answer?.arrayBuffer().catch(() => undefined);
        if (answer !== null && answer.status < 500) break;
      }
      if (last === null || last >= 300) session.deliveryFailure = { status: last };
    }
  };

  /**
   * While a session waits for a link its QR rotates: the first lives `qrFirstSeconds`, each later
   * one `qrRotateSeconds`, and after the sixth the session is `FAILED`, as WAHA does.
   */
  const rotateQr = (session: SimSession) => {
    session.qrTimer = setTimeout(
      () => {
        session.qrTimer = null;
        if (sessions.get(session.name) !== session || session.status !== 'SCAN_QR_CODE') return;
        setStatus(session, session.qrCount < maxQrs ? 'SCAN_QR_CODE' : 'FAILED');
      },
      session.qrCount === 1 ? qrFirstMs : qrRotateMs,
    );
    session.qrTimer.unref();
  };
  const stopQr = (session: SimSession) => {
    if (session.qrTimer !== null) clearTimeout(session.qrTimer);
    session.qrTimer = null;
  };

  /** Status changes are delivered one after another, in order, as the provider does per session. */
  const queues = new Map<string, Promise<void>>();
  const setStatus = (session: SimSession, ...statuses: Status[]) => {
    for (const status of statuses) {
      const previous = queues.get(session.name) ?? Promise.resolve();
      const next = previous.then(async () => {
        stopQr(session);
        if (status === 'SCAN_QR_CODE') {
          session.qrCount = session.status === 'SCAN_QR_CODE' ? session.qrCount + 1 : 1;
          session.qr = `2@${randomBytes(12).toString('base64url')}`;
          if (sessions.get(session.name) === session) rotateQr(session);
        }
        session.status = status;
        const timestamp = Date.now();
        session.statuses = [...session.statuses, { status, timestamp }].slice(-3);
        const data =
          status === 'PASSKEY_CONFIRMATION_REQUIRED'
            ? { code: String(1000 + Math.floor(Math.random() * 9000)) }
            : status === 'PASSKEY_REQUIRED'
              ? {
                  challenge: randomBytes(16).toString('base64url'),
                  timeout: 60000,
                  rpId: 'web.whatsapp.com',
                  allowCredentials: [],
                  userVerification: 'preferred',
                }
              : null;
        await deliver(
          session,
          'session.status',
          { name: session.name, status, statuses: session.statuses, data },
          session.meReported ? session.me : null,
        );
        if (status === 'WORKING') session.meReported = true;
      });
      queues.set(
        session.name,
        next.catch(() => undefined),
      );
    }
  };

  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const view = (session: SimSession) => ({
    name: session.name,
    status: session.status,
    config: {
      metadata: session.metadata,
      ...(session.proxy == null ? {} : { proxy: session.proxy }),
      webhooks: session.webhooks,
    },
    me: session.me,
    engine: { engine: 'GOWS' },
  });
  /** WAHA's error bodies (NestJS): `{ statusCode, message, error }`, with details for a status. */
  const refuse = (
    response: ServerResponse,
    status: 400 | 401 | 404 | 422,
    message: string | string[],
    more = {},
  ) =>
    json(response, status, {
      statusCode: status,
      message,
      error: { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 422: 'Unprocessable Entity' }[
        status
      ],
      ...more,
    });
  /** A stopped or failed session starts again: back to `WORKING` while its link holds. */
  const startAgain = (session: SimSession) =>
    setStatus(session, 'STARTING', session.me !== null && !session.unlinked ? 'WORKING' : 'SCAN_QR_CODE');
  /**
   * WAHA's restart, and its update of a running session: the session is stopped (`STOPPED`), then
   * started (`STARTING`), and comes back `WORKING` while its link holds (`FAILED` when the
   * `restarts` control says so), or asks for a link (`SCAN_QR_CODE`: never linked, or unlinked).
   * A stopped session is only started.
   */
  const restart = (session: SimSession) => {
    const outcome: Status =
      session.me === null || session.unlinked
        ? 'SCAN_QR_CODE'
        : session.restartsSucceed
          ? 'WORKING'
          : 'FAILED';
    setStatus(session, ...(session.status === 'STOPPED' ? [] : ['STOPPED' as const]), 'STARTING', outcome);
  };
  const configOf = (body: Record<string, unknown>) =>
    (body['config'] ?? {}) as { metadata?: Record<string, string>; proxy?: unknown; webhooks?: Webhook[] };
  const readJson = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  };
  const meOf = (digits: string) => ({ id: `${digits}@c.us`, pushName: 'Simulated' });
  /** A number as a control gives it (E.164, `+` or not), as digits; null when there is none. */
  const digitsOf = (phone: unknown): string | null =>
    typeof phone === 'string' && /\d/.test(phone) ? phone.replace(/\D/g, '') : null;
  /**
   * The number of the phone that links: the one a control set (`linked-number`, or `link`'s own
   * `phone`), else the one a pairing code was asked for (only that phone can type it). Never the
   * session's metadata: the provider knows nothing of the person but what the phone tells it.
   */
  const linkingPhone = (session: SimSession): string | null => session.linkedPhone ?? session.requestedPhone;
  // A 1x1 PNG: every linked account of the simulator has this profile photo.
  const photo = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
    'base64',
  );

  /**
   * A message as GOWS sends it: an incoming one as `message` and `message.any` with one
   * `payload.id`, one's own as `message.any` only; `from` is the chat in both, `to` is null.
   */
  const sendMessage = async (session: SimSession, body: Record<string, unknown>) => {
    const fromMe = body['fromMe'] === true;
    const chat = typeof body['from'] === 'string' ? body['from'] : '5511912345678@c.us';
    const payload = {
      id: `${String(fromMe)}_${chat}_${randomBytes(10).toString('hex').toUpperCase()}`,
      timestamp: Math.floor(Date.now() / 1000),
      from: chat,
      fromMe,
      source: 'app',
      to: null,
      participant: null,
      body: typeof body['body'] === 'string' ? body['body'] : '',
      hasMedia: false,
      media: null,
      mediaUrl: null,
      ack: fromMe ? 1 : 2,
      ackName: fromMe ? 'SERVER' : 'DEVICE',
      vCards: [],
      replyTo: null,
      _data: {},
    };
    if (!fromMe) await deliver(session, 'message', payload);
    await deliver(session, 'message.any', payload);
  };

  /**
   * Seeds a session's history (docs/local-stack.md): each message's `at` (ISO) defaults to spaced
   * times in the last days, oldest first, ten minutes apart, the newest ten minutes ago; `kind`
   * defaults to text; `timestamp` (0 or null) replaces the time in the payload only.
   */
  const seedHistory = (name: string, body: Record<string, unknown>): SimChat[] => {
    const chats = Array.isArray(body['chats']) ? (body['chats'] as Record<string, unknown>[]) : [];
    const now = Math.floor(Date.now() / 1000);
    return chats.map((chat, chatIndex) => {
      const id =
        typeof chat['id'] === 'string' ? chat['id'] : `55119${String(chatIndex).padStart(8, '0')}@c.us`;
      const messages = Array.isArray(chat['messages']) ? (chat['messages'] as Record<string, unknown>[]) : [];
      return {
        id,
        name: typeof chat['name'] === 'string' ? chat['name'] : null,
        messages: messages.map((message, index) => {
          const fromMe = message['fromMe'] === true;
          const at = typeof message['at'] === 'string' ? Date.parse(message['at']) / 1000 : NaN;
          const kind: HistoryKind =
            typeof message['kind'] === 'string' && message['kind'] in historyKinds
              ? (message['kind'] as HistoryKind)
              : 'text';
          const seeded = message['body'];
          const shown = message['timestamp'];
          return {
            id: `${String(fromMe)}_${id}_H${name.length}${chatIndex}X${index}${randomBytes(4).toString('hex').toUpperCase()}`,
            kind,
            body: typeof seeded === 'string' || seeded === null ? seeded : kind === 'text' ? '' : undefined,
            fromMe,
            timestamp: Number.isFinite(at) ? Math.floor(at) : now - (messages.length - index) * 600,
            shownTimestamp: shown === null || typeof shown === 'number' ? shown : undefined,
          };
        }),
      };
    });
  };

  /** WAHA's `limit` and `offset` over a list. */
  const paged = <T>(items: T[], url: URL): T[] => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? items.length);
    return items.slice(offset, offset + limit);
  };

  /** A history message as WAHA's `WAMessage` (GOWS: `from` is the chat, `to` null; media never downloaded here). */
  const waMessage = (chat: SimChat, message: SimChat['messages'][number]) => ({
    id: message.id,
    timestamp: message.shownTimestamp === undefined ? message.timestamp : message.shownTimestamp,
    from: chat.id,
    fromMe: message.fromMe,
    source: 'app',
    to: null,
    participant: null,
    ...(message.body === undefined ? {} : { body: message.body }),
    hasMedia: historyKinds[message.kind].media,
    media: null,
    mediaUrl: null,
    ack: message.fromMe ? 3 : 2,
    ackName: message.fromMe ? 'READ' : 'DEVICE',
    vCards: [],
    replyTo: null,
    _data: {},
  });

  /** A chat's latest message time (GOWS's `conversationTimestamp`), null when it has none. */
  const latestOf = (chat: SimChat): number | null =>
    chat.messages.length === 0 ? null : Math.max(...chat.messages.map((message) => message.timestamp));
  /** The orders of `GET /api/{session}/chats`' `sortBy`; GOWS's default is by id. */
  const chatOrder: Record<string, (chat: SimChat) => string | number> = {
    id: (chat) => chat.id,
    name: (chat) => chat.name ?? '',
    conversationTimestamp: (chat) => latestOf(chat) ?? 0,
  };

  /**
   * `POST /_sim/sessions/{name}/history/fail` `{ status, calls? }`: the session's history calls
   * (chats and messages) answer `status` (a 503 outage, a 404 session gone), for the next `calls`
   * only or until cleared (`{}`), so the import worker's retries and ends can be seen.
   */
  const setHistoryFault = (name: string, body: Record<string, unknown>) => {
    const status = body['status'];
    const calls = body['calls'];
    if (typeof status !== 'number' || status < 400 || status > 599) historyFaults.delete(name);
    else historyFaults.set(name, { status, left: typeof calls === 'number' && calls > 0 ? calls : null });
    return historyFaults.get(name) ?? null;
  };

  /** The status the session's next history call fails with, if a fault is set (and counts it). */
  const historyFaultOf = (name: string): number | null => {
    const fault = historyFaults.get(name);
    if (fault === undefined) return null;
    if (fault.left !== null) {
      fault.left -= 1;
      if (fault.left === 0) historyFaults.delete(name);
    }
    return fault.status;
  };

  /**
   * The session's chats API over its seeded history: `GET /api/{session}/chats[/{chatId}/messages]`,
   * as GOWS answers it: a page is sliced from the store (time filters, order, `offset`, `limit`) and
   * only then are reactions, edits and deletions dropped from it, so a page can be short or empty
   * with more after it.
   */
  const serveHistory = async (response: ServerResponse, url: URL, name: string, chatId: string | null) => {
    const fault = historyFaultOf(name);
    if (fault !== null)
      return json(response, fault, { error: fault === 404 ? 'Session not found' : 'simulated failure' });
    const session = sessions.get(name);
    if (session === undefined) return refuse(response, 404, 'Session not found');
    if (session.status !== 'WORKING')
      return json(response, 422, {
        error: 'Session status is not as expected. Try again later or restart the session',
        session: session.name,
        status: session.status,
        expected: ['WORKING'],
      });
    const chats = histories.get(name) ?? [];
    const descending = url.searchParams.get('sortOrder') === 'desc';
    if (chatId === null) {
      const key = chatOrder[url.searchParams.get('sortBy') ?? ''] ?? ((chat: SimChat) => chat.id);
      const sorted = [...chats].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      if (descending) sorted.reverse();
      return json(
        response,
        200,
        paged(sorted, url).map((chat) => ({
          id: chat.id,
          name: chat.name,
          conversationTimestamp: latestOf(chat),
        })),
      );
    }
    const chat = chats.find((one) => one.id === chatId);
    if (chat === undefined) return json(response, 200, []);
    const gte = Number(url.searchParams.get('filter.timestamp.gte') ?? -Infinity);
    const lte = Number(url.searchParams.get('filter.timestamp.lte') ?? Infinity);
    const fromMe = url.searchParams.get('filter.fromMe');
    const kept = chat.messages
      .filter((message) => message.timestamp >= gte && message.timestamp <= lte)
      .filter((message) => fromMe === null || String(message.fromMe) === fromMe)
      .sort((a, b) => a.timestamp - b.timestamp);
    // WAHA's default order is newest first.
    if (url.searchParams.get('sortOrder') !== 'asc') kept.reverse();
    const page = paged(kept, url);
    const pace = paces.get(name);
    if (pace !== undefined && page.length > 0)
      await new Promise((done) => setTimeout(done, (page.length / pace) * 1000));
    return json(
      response,
      200,
      page
        .filter((message) => !historyKinds[message.kind].dropped)
        .map((message) => waMessage(chat, message)),
    );
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const body = await readJson(request);

    // The person's history, seeded before or after pairing, and how fast it is served.
    const history = /^\/_sim\/sessions\/([^/]+)\/history(\/pace)?$/.exec(path);
    if (history !== null && method === 'POST') {
      const name = decodeURIComponent(history[1] ?? '');
      if (history[2] === undefined) {
        const chats = seedHistory(name, body);
        histories.set(name, chats);
        return json(response, 200, {
          chats: chats.length,
          messages: chats.reduce((sum, chat) => sum + chat.messages.length, 0),
        });
      }
      const pace = body['messagesPerSecond'];
      if (typeof pace !== 'number' || pace <= 0) paces.delete(name);
      else paces.set(name, pace);
      return json(response, 200, { messagesPerSecond: paces.get(name) ?? null });
    }

    const historyFault = /^\/_sim\/sessions\/([^/]+)\/history\/fail$/.exec(path);
    if (historyFault !== null && method === 'POST')
      return json(response, 200, setHistoryFault(decodeURIComponent(historyFault[1] ?? ''), body));

    // The provider refusing the next `count` deletes of a session (`status`, 503 unless given), to
    // see the session-ends worker ask again until it is gone.
    const refusals = /^\/_sim\/sessions\/([^/]+)\/delete-refusals$/.exec(path);
    if (refusals !== null && method === 'POST') {
      const session = sessions.get(decodeURIComponent(refusals[1] ?? ''));
      if (session === undefined) return json(response, 404, { error: 'no such session' });
      session.deleteRefusals = {
        left: typeof body['count'] === 'number' ? body['count'] : 1,
        status: typeof body['status'] === 'number' ? body['status'] : 503,
      };
      return json(response, 200, session.deleteRefusals);
    }

    // Controls: the person's side.
    const control =
      /^\/_sim\/sessions\/([^/]+)\/(link|linked-number|lost-webhooks|passkey|passkey-required|drop|server-restart|restarts|fail|logout|messages|report)$/.exec(
        path,
      );
    if (control !== null && method === 'POST') {
      const session = sessions.get(decodeURIComponent(control[1] ?? ''));
      if (session === undefined) return json(response, 404, { error: 'no such session' });
      const action = control[2];
      session.deliveryFailure = null;
      // The person's phone: whoever links, or compares the passkey number, does it with it.
      if (action === 'linked-number' || action === 'link' || action === 'passkey') {
        const phone = digitsOf(body['phone']);
        if (phone !== null) session.linkedPhone = phone;
        else if (action === 'linked-number')
          return json(response, 400, { error: 'no phone: pass { phone } (E.164)' });
      }
      if (action === 'link') {
        const phone = linkingPhone(session);
        if (phone === null)
          return json(response, 400, { error: 'no linked number: pass { phone } (E.164) or set it first' });
        session.me = meOf(phone);
        session.meReported = false;
        // GOWS may reconnect right after the link (WhatsApp's "515": `STARTING`, then `WORKING`).
        if (body['reconnect'] === true) setStatus(session, 'WORKING', 'STARTING', 'WORKING');
        else setStatus(session, 'WORKING');
      } else if (action === 'lost-webhooks')
        session.lostEvents = typeof body['count'] === 'number' ? Math.max(0, body['count']) : 1;
      else if (action === 'passkey') setStatus(session, 'PASSKEY_CONFIRMATION_REQUIRED');
      else if (action === 'passkey-required') setStatus(session, 'PASSKEY_REQUIRED');
      // GOWS reports a lost connection as STARTING (STOPPED only when a session is stopped).
      else if (action === 'drop') setStatus(session, 'STARTING');
      // WAHA shut down and, on its way back, resumed the session it ran.
      else if (action === 'server-restart') setStatus(session, 'STOPPED', 'STARTING', 'WORKING');
      else if (action === 'restarts') session.restartsSucceed = body['succeed'] === true;
      else if (action === 'fail') setStatus(session, 'FAILED');
      else if (action === 'logout') {
        session.unlinked = true;
        setStatus(session, 'FAILED');
      } else if (action === 'messages') await sendMessage(session, body);
      // A status report the session is not in: an old one the provider delivers late (after its
      // retries), or one whose session moved on. The session itself is unchanged.
      else if (action === 'report') {
        const status = body['status'];
        if (typeof status !== 'string') return json(response, 400, { error: 'no status: pass { status }' });
        await queues.get(session.name);
        await deliver(session, 'session.status', {
          name: session.name,
          status,
          statuses: session.statuses,
          data: null,
        });
      }
      // A control answers once its webhooks were delivered, and says so when one finally was not.
      await queues.get(session.name);
      // Set by the deliveries awaited just above.
      const failure = session.deliveryFailure as SimSession['deliveryFailure'];
      if (failure !== null)
        return json(response, 502, {
          error: 'the gateway refused the webhook after the retries',
          status: failure.status,
        });
      return json(response, 200, view(session));
    }
    const picture = /^\/_sim\/pictures\/([^/]+)$/.exec(path);
    if (method === 'GET' && picture !== null) {
      const session = sessions.get(decodeURIComponent(picture[1] ?? ''));
      if (session?.me == null) return json(response, 404, { error: 'no photo' });
      return void response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    }
    // The provider's API down for the next `calls` calls (503), to see workers retry.
    if (method === 'POST' && path === '/_sim/outage') {
      outage = typeof body['calls'] === 'number' ? body['calls'] : 1;
      return json(response, 200, { outage });
    }
    if (path.startsWith('/api/') && outage > 0) {
      outage -= 1;
      return json(response, 503, { error: 'simulated outage' });
    }
    // A busy provider: the next creation of a session for this seat is answered `ms` late, its
    // first statuses sent at once, as a provider answers after it has acted.
    if (method === 'POST' && path === '/_sim/slow-create') {
      const seatUid = typeof body['seatUid'] === 'string' ? body['seatUid'] : '';
      const ms = typeof body['ms'] === 'number' ? Math.min(body['ms'], 30_000) : 1_000;
      slowCreates.set(seatUid, ms);
      return json(response, 200, { seatUid, ms });
    }
    if (request.headers['x-api-key'] !== options.apiKey) return refuse(response, 401, 'Unauthorized');

    if (method === 'GET' && path === '/api/sessions')
      return json(response, 200, [...sessions.values()].map(view));
    const one = /^\/api\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && one !== null) {
      const found = sessions.get(decodeURIComponent(one[1] ?? ''));
      return found === undefined
        ? refuse(response, 404, 'Session not found')
        : // WAHA's SessionInfo: the session's view with its presence and last activity.
          json(response, 200, { ...view(found), presence: {}, timestamps: { activity: null } });
    }
    if (method === 'POST' && path === '/api/sessions') {
      const name = body['name'] ?? 'default';
      if (typeof name !== 'string' || !sessionNamePattern.test(name))
        return refuse(response, 400, [
          'name must be shorter than or equal to 54 characters',
          'name must match /^[a-zA-Z0-9_-]*$/ regular expression',
        ]);
      if (sessions.has(name))
        return refuse(response, 422, `Session '${name}' already exists. Use PUT to update it.`);
      const config = configOf(body);
      const session: SimSession = {
        name,
        status: 'STOPPED',
        metadata: config.metadata ?? {},
        proxy: config.proxy ?? null,
        webhooks: config.webhooks ?? [],
        me: null,
        meReported: true,
        requestedPhone: null,
        linkedPhone: null,
        lostEvents: 0,
        restartsSucceed: true,
        unlinked: false,
        qr: '',
        qrCount: 0,
        qrTimer: null,
        statuses: [],
        deliveryFailure: null,
        deleteRefusals: { left: 0, status: 503 },
      };
      sessions.set(name, session);
      if (body['start'] !== false) setStatus(session, 'STARTING', 'SCAN_QR_CODE');
      const late = slowCreates.get(session.metadata['seatUid'] ?? '') ?? 0;
      slowCreates.delete(session.metadata['seatUid'] ?? '');
      const created = { ...view(session), status: body['start'] === false ? 'STOPPED' : 'STARTING' };
      if (late > 0) return void setTimeout(() => json(response, 201, created), late);
      return json(response, 201, created);
    }
    const lifecycle = /^\/api\/sessions\/([^/]+)(?:\/(start|stop|restart|logout|me))?$/.exec(path);
    if (lifecycle !== null) {
      const session = sessions.get(decodeURIComponent(lifecycle[1] ?? ''));
      if (session === undefined) return refuse(response, 404, 'Session not found');
      const action = lifecycle[2];
      if (method === 'DELETE' && action === undefined) {
        if (session.deleteRefusals.left > 0) {
          session.deleteRefusals.left -= 1;
          return json(response, session.deleteRefusals.status, { error: 'simulated refusal' });
        }
        stopQr(session);
        sessions.delete(session.name);
        return json(response, 200, {});
      }
      if (method === 'GET' && action === undefined) return json(response, 200, view(session));
      if (method === 'GET' && action === 'me') return json(response, 200, session.me);
      if (method === 'PUT' && action === undefined) {
        // The full config replaces the old one; a running session restarts to take it.
        const config = configOf(body);
        session.metadata = config.metadata ?? {};
        session.proxy = config.proxy ?? null;
        session.webhooks = config.webhooks ?? [];
        if (session.status !== 'STOPPED') restart(session);
        return json(response, 200, view(session));
      }
      if (method !== 'POST') return refuse(response, 404, `Cannot ${method} ${path}`);
      // Starting a session that runs changes nothing.
      if (action === 'start' && (session.status === 'STOPPED' || session.status === 'FAILED'))
        startAgain(session);
      if (action === 'stop') setStatus(session, 'STOPPED');
      if (action === 'logout') {
        // Stopped, its link removed, and started again if it ran: a new link is asked.
        session.me = null;
        if (session.status !== 'STOPPED') setStatus(session, 'STOPPED', 'STARTING', 'SCAN_QR_CODE');
      }
      if (action === 'restart') restart(session);
      return json(response, 201, view(session));
    }
    const chatsPath = /^\/api\/([^/]+)\/chats(?:\/([^/]+)\/messages)?$/.exec(path);
    if (chatsPath !== null && method === 'GET' && chatsPath[1] !== 'overview')
      return serveHistory(
        response,
        url,
        decodeURIComponent(chatsPath[1] ?? ''),
        chatsPath[2] === undefined ? null : decodeURIComponent(chatsPath[2]),
      );
    const own = /^\/api\/([^/]+)\/(profile|auth\/passkey\/confirm)$/.exec(path);
    if (own !== null) {
      const session = sessions.get(decodeURIComponent(own[1] ?? ''));
      if (session === undefined) return refuse(response, 404, 'Session not found');
      if (own[2] === 'profile' && method === 'GET') {
        if (session.me === null) return json(response, 422, { error: 'Session is not authenticated.' });
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        return json(response, 200, {
          id: session.me.id,
          name: session.me.pushName,
          picture: `${base}/_sim/pictures/${encodeURIComponent(session.name)}`,
        });
      }
      if (own[2] === 'auth/passkey/confirm' && method === 'POST') {
        if (session.status !== 'PASSKEY_CONFIRMATION_REQUIRED')
          return json(response, 422, { error: 'No confirmation pending.', status: session.status });
        const phone = linkingPhone(session);
        if (phone !== null) session.me = meOf(phone);
        session.meReported = false;
        setStatus(session, 'WORKING');
        return json(response, 201, {});
      }
    }
    const auth = /^\/api\/([^/]+)\/auth\/(qr|request-code)$/.exec(path);
    if (auth !== null) {
      const session = sessions.get(decodeURIComponent(auth[1] ?? ''));
      if (session === undefined) return refuse(response, 404, 'Session not found');
      if (session.status !== 'SCAN_QR_CODE') {
        return json(response, 422, {
          error: 'Session status is not as expected. Try again later or restart the session',
          session: session.name,
          status: session.status,
          expected: ['SCAN_QR_CODE'],
        });
      }
      if (auth[2] === 'qr') return json(response, 200, { value: session.qr });
      session.requestedPhone = String(body['phoneNumber'] ?? '').replace(/\D/g, '');
      const code = randomBytes(6)
        .toString('base64url')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, 'X')
        .slice(0, 8);
      return json(response, 201, { code: `${code.slice(0, 4)}-${code.slice(4)}` });
    }
    return json(response, 404, { error: 'Unknown path' });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => json(response, 500, { error: 'simulator failed' }));
  });
  server.on('close', () => {
    for (const session of sessions.values()) stopQr(session);
  });
  await new Promise<void>((done) => server.listen(options.port, '127.0.0.1', done));
  return server;
};
