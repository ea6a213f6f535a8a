import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackProxy, type LoopbackProxy } from '../../localstack/simulators/loopback-proxy';
import { eventually } from '../support/eventually';
import { call } from './support/api';
import { protectedSeat } from './support/consent';
import { operator } from './support/operators';

/**
 * The backoffice's proxy pool, through the API: add (checked through a real proxy), list, burn,
 * retire, bindings. Every address added here is retired or burned before its test ends: the other
 * files count the pool's free slots. (Moving sessions off a burned address is proven by
 * test/integration/proxy-burn.test.ts: here it would move other files' sessions.)
 */
let proxy: LoopbackProxy;
beforeAll(async () => {
  proxy = await startLoopbackProxy();
});
afterAll(async () => {
  await proxy.close();
});

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const label = () => `e2e-${randomUUID()}`;

describe('the proxy pool routes', () => {
  it('adds an address a tunnel really opens through; refuses an unreachable one (422) and a taken label (409)', async () => {
    const { token } = await operator('operator');
    const name = label();
    const added = await call('POST', '/admin/proxies', {
      token,
      body: { label: name, address: proxy.address.replace('http://', 'http://user:pass@'), capacity: 3 },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual({
      uid: expect.stringMatching(/^px_/) as unknown,
      label: name,
      status: 'active',
      capacity: 3,
      used: 0,
      expiresAt: null,
    });
    const unreachable = await call('POST', '/admin/proxies', {
      token,
      body: { label: label(), address: `http://127.0.0.1:${await closedPort()}`, capacity: 1 },
    });
    expect([unreachable.status, unreachable.body.error.code]).toEqual([422, 'PROXY_UNREACHABLE']);
    const taken = await call('POST', '/admin/proxies', {
      token,
      body: { label: name, address: proxy.address, capacity: 1 },
    });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'CONFLICT']);

    const listed = await call('GET', '/admin/proxies', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.proxies).toContainEqual(added.body.data);
    // Never the address (its credentials) in an answer.
    expect(JSON.stringify(listed.body)).not.toContain('user:pass');

    const audit = await call('GET', '/admin/audit', { token });
    expect(audit.body.data.audit).toContainEqual(
      expect.objectContaining({ action: 'proxy.added', target: { kind: 'proxy', uid: added.body.data.uid } }),
    );
    // The pool left as it was found (other files count its slots): nothing was bound to it.
    const retired = await call('POST', `/admin/proxies/${added.body.data.uid as string}/retire`, { token });
    expect(retired.body.data).toMatchObject({ status: 'retired', used: 0 });
  });

  it('never dials an address on its own machine or network (422), even the local stack allowing loopback', async () => {
    const { token } = await operator('operator');
    const port = new URL(proxy.address).port;
    // 0.0.0.0 is loopback by another name: dialled, it would reach the loopback proxy.
    for (const address of [`http://0.0.0.0:${port}`, 'http://169.254.169.254:80', 'http://10.0.0.1:3128']) {
      const refused = await call('POST', '/admin/proxies', {
        token,
        body: { label: label(), address, capacity: 1 },
      });
      expect([refused.status, refused.body.error.code], address).toEqual([422, 'PROXY_ADDRESS_NOT_PUBLIC']);
    }
  });

  it('refuses an address that is not a proxy URL, its credentials badly percent-encoded, as invalid input (400)', async () => {
    const { token } = await operator('operator');
    for (const address of [
      proxy.address.replace('http://', 'http://us%zz:pass@'),
      proxy.address.replace('http://', 'http://user:100%@'),
      `${proxy.address}/path?query`,
    ]) {
      const refused = await call('POST', '/admin/proxies', {
        token,
        body: { label: label(), address, capacity: 1 },
      });
      expect([refused.status, refused.body.error.code], address).toEqual([400, 'VALIDATION']);
    }
  });

  it('burns an address (no new bindings), retires it once empty, and refuses to burn a retired one', async () => {
    const { token } = await operator('operator');
    const added = await call('POST', '/admin/proxies', {
      token,
      body: { label: label(), address: proxy.address, capacity: 2 },
    });
    const uid = added.body.data.uid as string;
    const burned = await call('POST', `/admin/proxies/${uid}/burn`, { token });
    expect([burned.status, burned.body.data.status]).toEqual([200, 'burned']);
    // Again: the same answer (the worker is handed it again).
    expect((await call('POST', `/admin/proxies/${uid}/burn`, { token })).body.data.status).toBe('burned');
    const retired = await call('POST', `/admin/proxies/${uid}/retire`, { token });
    expect([retired.status, retired.body.data.status]).toEqual([200, 'retired']);
    const again = await call('POST', `/admin/proxies/${uid}/burn`, { token });
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
    const unknown = await call('POST', '/admin/proxies/px_unknown/retire', { token });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const audit = await call('GET', '/admin/audit', { token });
    const actions = (audit.body.data.audit as { action: string; target: { uid: string } }[])
      .filter((entry) => entry.target.uid === uid)
      .map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['proxy.added', 'proxy.burned', 'proxy.retired']));
  });

  it('lists who is bound to an address while the pairing is open, and no more once it ends', async () => {
    const { token } = await operator('operator');
    const family = await protectedSeat();
    const started = await call('POST', `/seats/${family.seatUid}/pairing`, {
      token: family.owner.token,
      body: { channel: 'chat', method: 'qr' },
    });
    expect(started.status).toBe(201);
    const boundTo = async () => {
      const { proxies } = (await call('GET', '/admin/proxies', { token })).body.data as {
        proxies: { uid: string }[];
      };
      for (const one of proxies) {
        const answer = await call('GET', `/admin/proxies/${one.uid}/bindings`, { token });
        const bindings = answer.body.data.bindings as { seatUid: string }[];
        const mine = bindings.find((binding) => binding.seatUid === family.seatUid);
        if (mine !== undefined) return { uid: one.uid, binding: mine };
      }
      return null;
    };
    const found = await eventually(boundTo, (bound) => bound !== null, 'the binding listed');
    if (found === null) throw new Error('listed');
    expect(found.binding).toEqual({
      seatUid: family.seatUid,
      accountUid: family.accountUid,
      since: expect.any(String) as unknown,
    });
    // An address with a binding cannot be retired.
    const refused = await call('POST', `/admin/proxies/${found.uid}/retire`, { token });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);

    await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token });
    await eventually(
      async () => {
        const answer = await call('GET', `/admin/proxies/${found.uid}/bindings`, { token });
        return (answer.body.data.bindings as { seatUid: string }[]).map((binding) => binding.seatUid);
      },
      (seats) => !seats.includes(family.seatUid),
      'the binding gone',
    );
  });
});
