import { beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoProxyPool } from '../../shared/adapters/dynamo/proxy-pool';
import { freshTable } from '../support/table';
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
});
