import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import { knownTime } from '../../domain/history/paging';
import {
  ProviderRefused,
  type HistoryMessage,
  type LinkChallenge,
  type NewSession,
  type SessionProvider,
} from '../../ports/session-provider';
import { guardedGet } from '../net/guarded-get';
import type { PeerPolicy } from '../net/public-address';

/**
 * The events the service listens to: status changes, and every message of the session, the
 * person's own and their contacts' (`message.any`). WAHA's `message` carries only the incoming ones,
 * which `message.any` brings too (the same `payload.id`): subscribing to both would deliver, queue
 * and handle each incoming message twice. Sessions created before still send both; the worker
 * handles a message once by its id whichever event brings it.
 */
export const webhookEvents = ['session.status', 'message.any'] as const;

const meAnswer = onFirstUse(() => z.nullable(z.looseObject({ id: z.string() })));
const qrAnswer = onFirstUse(() => z.looseObject({ value: z.string() }));
const sessionAnswer = onFirstUse(() => z.looseObject({ status: z.string() }));
const codeAnswer = onFirstUse(() => z.looseObject({ code: z.string() }));
const profileAnswer = onFirstUse(() => z.looseObject({ picture: z.optional(z.nullable(z.string())) }));
/** WAHA's 422 for a session outside `SCAN_QR_CODE` names the status it is in. */
const notExpectedAnswer = onFirstUse(() => z.looseObject({ status: z.optional(z.string()) }));
const imageTypes = ['image/jpeg', 'image/png', 'image/webp'];
const chatsAnswer = onFirstUse(() => z.array(z.looseObject({ id: z.string() })));
/** GOWS leaves out `body` without text and sends `timestamp` null for a time it lost: neither fails a page. */
const messagesAnswer = onFirstUse(() =>
  z.array(
    z.looseObject({
      id: z.string(),
      timestamp: z.optional(z.nullable(z.number())),
      fromMe: z.boolean(),
      body: z.optional(z.nullable(z.string())),
    }),
  ),
);

/** A page's query: WAHA's `limit` and `offset`, plus the call's own parameters. */
const pageQuery = (page: { limit: number; offset: number }, extra: Record<string, string>) =>
  new URLSearchParams({ limit: String(page.limit), offset: String(page.offset), ...extra }).toString();

/**
 * `http://user:pass@host:port` as WAHA's proxy config: `server` as `host:port` (the scheme's port
 * when the address leaves it out: a URL drops its default port), and the credentials as plain text.
 * The address holds them percent-encoded (a password with `@ : / #` is only an address that way);
 * WAHA takes them decoded and encodes them itself when it builds its proxy URL.
 */
export const proxyConfig = (proxyUrl: string) => {
  const url = new URL(proxyUrl);
  return {
    server: `${url.hostname}:${url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port}`,
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
  };
};

/** Without a configured one (`SESSION_PROVIDER_TIMEOUT_MS`): a call never waits longer than this. */
const defaultTimeoutMs = 10_000;

/** A profile photo is a small JPEG (640 x 640 at most): anything larger is not one. */
const maxPhotoBytes = 1024 * 1024;

/**
 * The session provider over WAHA's HTTP API (`X-Api-Key`). Sessions are created started, with a
 * webhook signed by HMAC-SHA512, a proxy, and metadata naming the pairing; a name WAHA already has
 * (a create retried after its answer was lost) answers 422 "already exists", and the session is
 * then given the config (PUT) and started, as WAHA advises. Lifecycle calls are idempotent at WAHA;
 * a 404 on stop, logout or delete means there is nothing left to end.
 */
export const wahaSessionProvider = (
  settings: {
    baseUrl: string;
    apiKey: string;
    webhookUrl: string;
    webhookHmacKey: string;
    /** How long one call may take, its body included, before it is abandoned (a slow provider holds no Lambda). */
    timeoutMs?: number;
    /** Where the profile photo's URL may lead: loopback refused unless allowed (`LOOPBACK_PEERS`, locally). */
    photoPeers?: PeerPolicy;
  },
  send: typeof fetch = (...args) => fetch(...args),
  getPhoto: typeof guardedGet = guardedGet,
): SessionProvider => {
  const timeoutMs = settings.timeoutMs ?? defaultTimeoutMs;
  const photoPeers = settings.photoPeers ?? { allowLoopback: false };
  const call = async (method: string, path: string, body?: unknown, accept = 'application/json') => {
    const response = await send(`${settings.baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: {
        'x-api-key': settings.apiKey,
        accept,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response;
  };
  const expectOk = async (response: Response, allowNotFound = false): Promise<void> => {
    if (response.ok || (allowNotFound && response.status === 404)) return;
    throw new ProviderRefused(response.status);
  };
  const session = (name: string) => encodeURIComponent(name);
  /** A QR or code answer: WAHA's 422 (not in `SCAN_QR_CODE`) and 404 (gone) mean not running. */
  const linkChallenge = async (
    response: Response,
    valueOf: (body: unknown) => string,
  ): Promise<LinkChallenge> => {
    if (response.status === 422 || response.status === 404) {
      const body = notExpectedAnswer.safeParse(await response.json().catch(() => null));
      return { kind: 'not_running', providerStatus: body.success ? (body.data.status ?? null) : null };
    }
    await expectOk(response);
    return { kind: 'ready', value: valueOf(await response.json()) };
  };

  /** A session's whole configuration: WAHA's update replaces it, so it is always sent whole. */
  const configOf = ({ proxyUrl, metadata }: NewSession) => ({
    metadata,
    proxy: proxyConfig(proxyUrl),
    webhooks: [
      {
        url: settings.webhookUrl,
        events: [...webhookEvents],
        hmac: { key: settings.webhookHmacKey },
      },
    ],
  });

  return {
    async createSession(fields) {
      const { name } = fields;
      const config = configOf(fields);
      const created = await call('POST', '/api/sessions', { name, start: true, config });
      if (created.status === 422 && /already exists/i.test(await created.text())) {
        await expectOk(await call('PUT', `/api/sessions/${session(name)}`, { config }));
        await expectOk(await call('POST', `/api/sessions/${session(name)}/start`));
        return;
      }
      await expectOk(created);
    },
    async restart(name) {
      await expectOk(await call('POST', `/api/sessions/${session(name)}/restart`));
    },
    async changeProxy(fields) {
      // WAHA's update stops a running session and starts it with the new config: one restart.
      await expectOk(
        await call('PUT', `/api/sessions/${session(fields.name)}`, { config: configOf(fields) }),
      );
    },
    async status(name) {
      const response = await call('GET', `/api/sessions/${session(name)}`);
      if (response.status === 404) return null;
      await expectOk(response);
      return sessionAnswer.parse(await response.json()).status;
    },
    async stop(name) {
      await expectOk(await call('POST', `/api/sessions/${session(name)}/stop`), true);
    },
    async logout(name) {
      await expectOk(await call('POST', `/api/sessions/${session(name)}/logout`), true);
    },
    async remove(name) {
      await expectOk(await call('DELETE', `/api/sessions/${session(name)}`), true);
    },
    async qr(name) {
      const response = await call('GET', `/api/${session(name)}/auth/qr?format=raw`);
      return linkChallenge(response, (body) => qrAnswer.parse(body).value);
    },
    async requestCode(name, phoneDigits) {
      const response = await call('POST', `/api/${session(name)}/auth/request-code`, {
        phoneNumber: phoneDigits,
      });
      // Only a session waiting in SCAN_QR_CODE can give a code; the QR stays the fallback.
      return linkChallenge(response, (body) => codeAnswer.parse(body).code.replace(/-/g, ''));
    },
    async confirmPasskey(name) {
      await expectOk(await call('POST', `/api/${session(name)}/auth/passkey/confirm`));
    },
    async profilePicture(name) {
      const response = await call('GET', `/api/${session(name)}/profile`);
      if (response.status === 404 || response.status === 422) return null;
      await expectOk(response);
      const picture = profileAnswer.parse(await response.json()).picture;
      if (picture == null || picture === '') return null;
      // WAHA answers the URL of the account's own photo (WhatsApp's CDN): a URL from outside, so
      // fetched bounded (https, a public host, no redirect, a size cap); only an image is passed on.
      const image = await getPhoto(picture, { ...photoPeers, maxBytes: maxPhotoBytes, timeoutMs });
      if (image.status === 404) return null;
      if (image.status !== 200 || !imageTypes.includes(image.contentType))
        throw new Error(`profile photo answered ${image.status}`);
      return { bytes: image.bytes, contentType: image.contentType };
    },
    async chats(name, page) {
      // A stable order (by id) so offsets page through the same list.
      const query = pageQuery(page, { sortBy: 'id', sortOrder: 'asc' });
      const response = await call('GET', `/api/${session(name)}/chats?${query}`);
      await expectOk(response);
      return chatsAnswer.parse(await response.json()).map(({ id }) => ({ id }));
    },
    async chatMessages(name, chatId, page) {
      // Oldest first, within a window pinned at both ends: messages arriving meanwhile are after
      // it and move no offset.
      const query = pageQuery(page, {
        downloadMedia: 'false',
        sortBy: 'timestamp',
        sortOrder: 'asc',
        'filter.timestamp.gte': String(Math.floor(page.since.getTime() / 1000)),
        'filter.timestamp.lte': String(Math.floor(page.until.getTime() / 1000)),
      });
      const response = await call(
        'GET',
        `/api/${session(name)}/chats/${encodeURIComponent(chatId)}/messages?${query}`,
      );
      await expectOk(response);
      return messagesAnswer.parse(await response.json()).map((message): HistoryMessage => ({
        id: message.id,
        chat: chatId,
        fromMe: message.fromMe,
        timestamp: knownTime(message.timestamp),
        // A media caption is text; media itself is never fetched.
        text: message.body == null || message.body === '' ? null : message.body,
      }));
    },
    async me(name) {
      const response = await call('GET', `/api/sessions/${session(name)}/me`);
      if (response.status === 404) return null;
      await expectOk(response);
      const text = await response.text();
      return text === '' ? null : (meAnswer.parse(JSON.parse(text))?.id ?? null);
    },
  };
};
