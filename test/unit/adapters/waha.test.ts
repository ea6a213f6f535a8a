import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually';
import { proxyConfig, wahaSessionProvider } from '../../../shared/adapters/session-provider/waha';
import type { GetAnswer, GetLimits } from '../../../shared/adapters/net/guarded-get';

const recorder = (answers: Response[], photos: GetAnswer[] = []) => {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const photoCalls: { url: string; limits: GetLimits }[] = [];
  const getPhoto = async (url: string, limits: GetLimits) => {
    photoCalls.push({ url, limits });
    const photo = photos.shift();
    if (photo === undefined) throw new Error('no photo planned');
    return photo;
  };
  const send = (async (url: string, init?: RequestInit) => {
    calls.push({
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return answers.shift() ?? new Response('{}');
  }) as typeof fetch;
  return {
    calls,
    photoCalls,
    provider: wahaSessionProvider(
      {
        baseUrl: 'http://waha:3000/',
        apiKey: 'key',
        webhookUrl: 'https://gw/webhooks/session-provider',
        webhookHmacKey: 'hmac-key',
      },
      send,
      getPhoto,
    ),
  };
};

describe('the WAHA session provider', () => {
  it('creates a started session with the signed webhook, the proxy and the metadata', async () => {
    const { calls, provider } = recorder([
      new Response(JSON.stringify({ name: 's1', status: 'STARTING' }), { status: 201 }),
    ]);
    await provider.createSession({
      name: 's1',
      proxyUrl: 'http://user:p%40ss@10.0.0.1:8080',
      metadata: { 'pairing.id': 'P1', seatUid: 'st_x' },
    });
    expect(calls[0]).toMatchObject({ url: 'http://waha:3000/api/sessions', method: 'POST' });
    expect(calls[0]!.headers.get('x-api-key')).toBe('key');
    expect(calls[0]!.body).toEqual({
      name: 's1',
      start: true,
      config: {
        metadata: { 'pairing.id': 'P1', seatUid: 'st_x' },
        proxy: { server: '10.0.0.1:8080', username: 'user', password: 'p@ss' },
        webhooks: [
          {
            url: 'https://gw/webhooks/session-provider',
            // One event per message: `message.any` carries the incoming ones too.
            events: ['session.status', 'message.any'],
            hmac: { key: 'hmac-key' },
          },
        ],
      },
    });
  });

  it('takes a session WAHA already has (422 "already exists": a retried create) by giving it the config and starting it', async () => {
    const { calls, provider } = recorder([
      new Response(
        JSON.stringify({
          statusCode: 422,
          message: "Session 's1' already exists. Use PUT to update it.",
          error: 'Unprocessable Entity',
        }),
        { status: 422 },
      ),
      new Response(JSON.stringify({ name: 's1', status: 'STOPPED' })),
      new Response(JSON.stringify({ name: 's1', status: 'STARTING' }), { status: 201 }),
    ]);
    await provider.createSession({
      name: 's1',
      proxyUrl: 'http://10.0.0.1:8080',
      metadata: { seatUid: 'st_x' },
    });
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      'POST /api/sessions',
      'PUT /api/sessions/s1',
      'POST /api/sessions/s1/start',
    ]);
    expect(calls[1]!.body).toEqual({ config: (calls[0]!.body as { config: unknown }).config });
  });

  it('fails a create WAHA refuses for any other reason', async () => {
    const { calls, provider } = recorder([
      new Response(JSON.stringify({ statusCode: 422, message: 'Invalid config' }), { status: 422 }),
      new Response(JSON.stringify({ statusCode: 400, message: ['name must be shorter'] }), { status: 400 }),
    ]);
    const create = () =>
      provider.createSession({ name: 's1', proxyUrl: 'http://10.0.0.1:8080', metadata: {} });
    await expect(create()).rejects.toThrow(/422/);
    await expect(create()).rejects.toThrow(/400/);
    expect(calls).toHaveLength(2);
  });

  it('asks for a pairing code with the digits and returns its 8 characters without the hyphen', async () => {
    const { calls, provider } = recorder([
      new Response(JSON.stringify({ code: 'ABCD-EFGH' }), { status: 201 }),
    ]);
    expect(await provider.requestCode('s1', '5511987654321')).toEqual({ kind: 'ready', value: 'ABCDEFGH' });
    expect(calls[0]).toMatchObject({
      url: 'http://waha:3000/api/s1/auth/request-code',
      method: 'POST',
      body: { phoneNumber: '5511987654321' },
    });
  });

  it('tells a session that is not running (422 with its status, 404 when gone) apart, for the QR and the code alike', async () => {
    const notExpected = (status: string) =>
      new Response(
        JSON.stringify({
          error: 'Session status is not as expected. Try again later or restart the session',
          session: 's1',
          status,
          expected: ['SCAN_QR_CODE'],
        }),
        { status: 422 },
      );
    const { provider } = recorder([
      notExpected('STOPPED'),
      notExpected('FAILED'),
      new Response('{"statusCode":404}', { status: 404 }),
      new Response('', { status: 422 }),
      new Response('', { status: 500 }),
    ]);
    expect(await provider.requestCode('s1', '5511987654321')).toEqual({
      kind: 'not_running',
      providerStatus: 'STOPPED',
    });
    expect(await provider.qr('s1')).toEqual({ kind: 'not_running', providerStatus: 'FAILED' });
    expect(await provider.requestCode('s1', '5511987654321')).toEqual({
      kind: 'not_running',
      providerStatus: null,
    });
    expect(await provider.qr('s1')).toEqual({ kind: 'not_running', providerStatus: null });
    await expect(provider.qr('s1')).rejects.toThrow(/500/);
  });

  it('reads the QR as its raw value, and me as the account id or null', async () => {
    const { calls, provider } = recorder([
      new Response(JSON.stringify({ value: '2@abc' })),
      new Response(JSON.stringify({ id: '5511987654321@c.us', pushName: 'X' })),
      new Response('null'),
    ]);
    expect(await provider.qr('s1')).toEqual({ kind: 'ready', value: '2@abc' });
    expect(calls[0]!.url).toBe('http://waha:3000/api/s1/auth/qr?format=raw');
    expect(await provider.me('s1')).toBe('5511987654321@c.us');
    expect(await provider.me('s1')).toBeNull();
  });

  it('treats a missing session as already ended on stop, logout and delete, and fails on other errors', async () => {
    const { calls, provider } = recorder([
      new Response('', { status: 404 }),
      new Response('', { status: 404 }),
      new Response('', { status: 404 }),
      new Response('', { status: 500 }),
    ]);
    await provider.stop('s1');
    await provider.logout('s1');
    await provider.remove('s1');
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      'POST /api/sessions/s1/stop',
      'POST /api/sessions/s1/logout',
      'DELETE /api/sessions/s1',
    ]);
    await expect(provider.restart('s1')).rejects.toThrow(/500/);
  });

  it('turns a proxy URL into WAHA’s proxy config', () => {
    expect(proxyConfig('http://10.0.0.2:3128')).toEqual({ server: '10.0.0.2:3128' });
  });

  it('gives WAHA the proxy’s credentials as plain text, a password with @ : / # intact', () => {
    const password = 'p@ss:w/rd#1%';
    expect(proxyConfig(`http://us%40er:${encodeURIComponent(password)}@10.0.0.2:3128`)).toEqual({
      server: '10.0.0.2:3128',
      username: 'us@er',
      password,
    });
  });

  it('names the proxy’s port even where the address leaves out its scheme’s default', () => {
    expect(proxyConfig('http://user:pw@proxy.example')).toMatchObject({ server: 'proxy.example:80' });
    expect(proxyConfig('https://proxy.example:443')).toEqual({ server: 'proxy.example:443' });
    expect(proxyConfig('http://[2001:db8::1]:8080')).toEqual({ server: '[2001:db8::1]:8080' });
  });

  it('confirms a number comparison at the passkey confirmation endpoint', async () => {
    const { calls, provider } = recorder([new Response('{}', { status: 201 })]);
    await provider.confirmPasskey('s1');
    expect(calls[0]).toMatchObject({ url: 'http://waha:3000/api/s1/auth/passkey/confirm', method: 'POST' });
  });

  it("serves only the account's own profile photo, and null when it has none", async () => {
    const { calls, photoCalls, provider } = recorder(
      [
        new Response(JSON.stringify({ id: '5511987654321@c.us', name: 'P', picture: 'https://cdn/p.jpg' })),
        new Response(JSON.stringify({ id: '5511987654321@c.us', name: 'P', picture: null })),
      ],
      [{ status: 200, contentType: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8, 0xff]) }],
    );
    const photo = await provider.profilePicture('s1');
    expect(calls[0]).toMatchObject({ url: 'http://waha:3000/api/s1/profile', method: 'GET' });
    expect(photoCalls.map((call) => call.url)).toEqual(['https://cdn/p.jpg']);
    expect(photo).toEqual({ bytes: new Uint8Array([0xff, 0xd8, 0xff]), contentType: 'image/jpeg' });
    expect(await provider.profilePicture('s1')).toBeNull();
  });

  it('fetches the photo bounded: loopback refused unless allowed, at most 1 MiB, within the call timeout', async () => {
    const { photoCalls, provider } = recorder(
      [new Response(JSON.stringify({ picture: 'https://cdn/p.jpg' }))],
      [{ status: 200, contentType: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8]) }],
    );
    await provider.profilePicture('s1');
    expect(photoCalls[0]!.limits).toEqual({ allowLoopback: false, maxBytes: 1024 * 1024, timeoutMs: 10_000 });
  });

  it('refuses a profile photo answer that is not an image, or not a 200', async () => {
    const { provider } = recorder(
      [
        new Response(JSON.stringify({ picture: 'https://cdn/p' })),
        new Response(JSON.stringify({ picture: 'https://cdn/p' })),
      ],
      [
        { status: 200, contentType: 'text/html', bytes: new Uint8Array() },
        { status: 302, contentType: 'image/jpeg', bytes: new Uint8Array() },
      ],
    );
    await expect(provider.profilePicture('s1')).rejects.toThrow();
    await expect(provider.profilePicture('s1')).rejects.toThrow();
  });

  it('never fetches a profile photo from its own machine or network, nor over http://', async () => {
    const asked: string[] = [];
    const photoHost = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from([0xff, 0xd8]));
    });
    await new Promise<void>((resolve) => photoHost.listen(0, '127.0.0.1', resolve));
    const { port } = photoHost.address() as AddressInfo;
    try {
      for (const picture of [
        `http://127.0.0.1:${port}/p.jpg`,
        `https://127.0.0.1:${port}/p.jpg`,
        `https://localhost:${port}/p.jpg`,
        `https://[::ffff:127.0.0.1]:${port}/p.jpg`,
        'https://169.254.169.254/latest/meta-data/',
        'https://10.1.1.1/p.jpg',
      ]) {
        // WAHA's own answers are canned; any other URL only ever reaches loopback in a test.
        const send = (async (url: string, init?: RequestInit) =>
          url.startsWith('http://waha:3000/')
            ? new Response(JSON.stringify({ picture }))
            : new URL(url).hostname === '127.0.0.1'
              ? fetch(url, init)
              : Response.error()) as typeof fetch;
        const provider = wahaSessionProvider(
          { baseUrl: 'http://waha:3000', apiKey: 'k', webhookUrl: 'https://gw/w', webhookHmacKey: 'k' },
          send,
        );
        await expect(provider.profilePicture('s1'), picture).rejects.toThrow();
      }
      expect(asked).toEqual([]);
    } finally {
      await new Promise((resolve) => photoHost.close(resolve));
    }
  });
});

describe('reading history from WAHA', () => {
  const since = new Date('2026-10-28T12:00:00Z');
  const until = new Date('2026-11-27T12:00:00Z');
  const answer = (messages: object[]) => new Response(JSON.stringify(messages));

  it('asks a page of a chat oldest first, within the window pinned at both ends, media not downloaded', async () => {
    const { calls, provider } = recorder([answer([])]);
    await provider.chatMessages('s1', '187349265017433@lid', { limit: 50, offset: 200, since, until });
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/api/s1/chats/187349265017433%40lid/messages');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '50',
      offset: '200',
      downloadMedia: 'false',
      sortBy: 'timestamp',
      sortOrder: 'asc',
      'filter.timestamp.gte': String(since.getTime() / 1000),
      'filter.timestamp.lte': String(until.getTime() / 1000),
    });
  });

  it('answers every message of the page: without text as text null, a zero or missing time as unknown, never failing the page', async () => {
    const message = { from: '5511911112222@c.us', to: null, fromMe: false, hasMedia: false };
    const { provider } = recorder([
      answer([
        { ...message, id: 'm1', timestamp: 1_790_000_000, body: 'oi' },
        { ...message, id: 'm2', timestamp: 1_790_000_001, hasMedia: true },
        { ...message, id: 'm3', timestamp: 1_790_000_002, hasMedia: true, body: null },
        { ...message, id: 'm4', timestamp: 1_790_000_003, body: '' },
        { ...message, id: 'm5', timestamp: 0, hasMedia: true, body: 'a caption' },
        { ...message, id: 'm6', timestamp: null, body: 'sem hora', fromMe: true },
        { ...message, id: 'm7', body: 'sem hora também' },
      ]),
    ]);
    const page = await provider.chatMessages('s1', '5511911112222@c.us', {
      limit: 100,
      offset: 0,
      since,
      until,
    });
    expect(page.map(({ id, timestamp, text, fromMe }) => [id, timestamp, text, fromMe])).toEqual([
      ['m1', 1_790_000_000, 'oi', false],
      ['m2', 1_790_000_001, null, false],
      ['m3', 1_790_000_002, null, false],
      ['m4', 1_790_000_003, null, false],
      ['m5', null, 'a caption', false],
      ['m6', null, 'sem hora', true],
      ['m7', null, 'sem hora também', false],
    ]);
    expect(page.every((one) => one.chat === '5511911112222@c.us')).toBe(true);
  });
});

describe('a session provider down or slow', () => {
  /** A loopback server that answers as `serve` says, and counts the connections still open. */
  const provider = async (serve: (response: ServerResponse) => void) => {
    const server = createServer((_, response) => serve(response));
    const open = new Set<Socket>();
    server.on('connection', (socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      open,
      close: () => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  };
  const timeoutMs = 300;
  const waha = (baseUrl: string) =>
    wahaSessionProvider({
      baseUrl,
      apiKey: 'key',
      webhookUrl: 'https://gw/w',
      webhookHmacKey: 'k',
      timeoutMs,
    });
  /** How long a call took to fail. */
  const failureTime = async (call: Promise<unknown>) => {
    const started = performance.now();
    await expect(call).rejects.toThrow();
    return performance.now() - started;
  };

  it('fails at once when nothing listens', async () => {
    const gone = await provider(() => undefined);
    await gone.close();
    expect(await failureTime(waha(gone.baseUrl).status('s'))).toBeLessThan(timeoutMs);
  });

  it('gives up on a provider that never answers at the timeout, and leaves no connection open', async () => {
    const silent = await provider(() => undefined);
    try {
      const took = await failureTime(
        waha(silent.baseUrl).createSession({
          name: 's',
          proxyUrl: 'http://10.0.0.1:1',
          metadata: { pairingId: 'p', seatUid: 'u', phone: '5511987654321' },
        }),
      );
      expect(took).toBeGreaterThanOrEqual(timeoutMs - 20);
      expect(took).toBeLessThan(timeoutMs + 1_000);
      await eventually(
        () => silent.open.size,
        (size) => size === 0,
        'the abandoned connection closed',
      );
    } finally {
      await silent.close();
    }
  });

  it('gives up on an answer whose body stalls, within the same timeout', async () => {
    const stalling = await provider((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"status":');
    });
    try {
      const took = await failureTime(waha(stalling.baseUrl).status('s'));
      expect(took).toBeLessThan(timeoutMs + 1_000);
    } finally {
      await stalling.close();
    }
  });
});
