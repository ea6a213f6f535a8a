import { beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { freshTable } from '../support/table';
import { StaleWrite } from '../../shared/domain/errors';
import { readOverviewCounts } from '../../shared/adapters/dynamo/overview.store';
import type { AuditEntry } from '../../shared/ports/operators';

let table: TableAccess;
let audits = 0;
const audit = (): AuditEntry => ({
  id: `01J00000000000000000000${String(audits++).padStart(3, '0')}`,
  at: new Date().toISOString(),
  actor: { kind: 'operator', uid: 'op_test' },
  action: 'proxy.test',
  target: { kind: 'proxy', uid: 'px_test' },
});
beforeAll(async () => {
  table = await freshTable();
});

describe('the proxy pool', () => {
  it('never lets two pairings take the last slot', async () => {
    const pool = dynamoProxyPool(await freshTable());
    await pool.register([{ label: 'only', address: 'http://u:p@10.0.0.1:8080', capacity: 1 }]);
    const results = await Promise.all(Array.from({ length: 5 }, () => pool.bind()));
    expect(results.filter((bound) => bound !== null)).toHaveLength(1);
    expect((await pool.list())[0]).toMatchObject({ bound: 1 });
  });

  it('gives a slot back when a pairing ends, and spreads sessions over the least used address', async () => {
    const pool = dynamoProxyPool(table);
    await pool.register([
      { label: 'a', address: 'http://10.0.0.1:1', capacity: 2 },
      { label: 'b', address: 'http://10.0.0.2:1', capacity: 2 },
    ]);
    const first = await pool.bind();
    const second = await pool.bind();
    expect(new Set([first?.label, second?.label])).toEqual(new Set(['a', 'b']));
    await pool.release('a');
    await pool.release('a');
    expect((await pool.list()).find((proxy) => proxy.label === 'a')?.bound).toBe(0);
  });

  it('never binds a burned address, and keeps counts when addresses are registered again', async () => {
    const pool = dynamoProxyPool(await freshTable());
    await pool.register([{ label: 'x', address: 'http://10.0.0.3:1', capacity: 3 }]);
    await pool.bind();
    await pool.register([{ label: 'x', address: 'http://10.0.0.3:1', capacity: 3 }]);
    const [known] = await pool.list();
    expect(known?.bound).toBe(1);
    if (known === undefined) throw new Error('registered');
    await pool.setStatus(known, 'burned', audit());
    expect(await pool.bind()).toBeNull();
  });

  it('adds a new label once (a taken one is a stale write), and moves status only as read, with the overview', async () => {
    const fresh = await freshTable();
    const pool = dynamoProxyPool(fresh);
    const address = { label: 'n', address: 'http://10.0.0.4:1', capacity: 1 };
    const added = await pool.add({ ...address, uid: 'px_n' }, audit());
    expect(added).toMatchObject({ uid: 'px_n', status: 'active', bound: 0, expiresAt: null });
    await expect(pool.add({ ...address, uid: 'px_other' }, audit())).rejects.toBeInstanceOf(StaleWrite);
    expect(await pool.find('px_n')).toMatchObject({ label: 'n' });
    await pool.bind();
    const bound = await pool.find('px_n');
    if (bound === null) throw new Error('added');
    // A retire needs the address empty: held back while a session is bound.
    await expect(pool.setStatus(bound, 'retired', audit())).rejects.toBeInstanceOf(StaleWrite);
    await pool.setStatus(bound, 'burned', audit());
    // Decided on a stale read (still active): refused.
    await expect(pool.setStatus(bound, 'burned', audit())).rejects.toBeInstanceOf(StaleWrite);
    await pool.release('n');
    await pool.setStatus({ ...bound, status: 'burned', bound: 0 }, 'retired', audit());
    expect(await pool.find('px_n')).toMatchObject({ status: 'retired', bound: 0 });
    expect(await readOverviewCounts(fresh)).toMatchObject({ proxiesActive: 0, proxiesBurned: 0 });
  });
});
