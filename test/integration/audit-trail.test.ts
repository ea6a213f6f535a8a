import { beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoAuditTrail } from '../../shared/adapters/dynamo/operators.store';
import type { AuditEntry } from '../../shared/ports/operators';
import { counted, freshTable } from '../support/table';

let table: TableAccess;

const entryAt = (at: string, id: string): AuditEntry => ({
  id,
  at,
  actor: { kind: 'operator', uid: 'op_1' },
  action: 'read:overview',
  target: { kind: 'overview', uid: 'overview' },
});

// Five entries over three months, one of them a month with a single entry.
const entries = [
  entryAt('2026-09-30T23:59:59.000Z', 'a1'),
  entryAt('2026-10-15T10:00:00.000Z', 'b1'),
  entryAt('2026-11-01T00:00:00.000Z', 'c1'),
  entryAt('2026-11-01T00:00:00.000Z', 'c2'),
  entryAt('2026-11-20T08:00:00.000Z', 'c3'),
];

beforeAll(async () => {
  table = await freshTable();
  const trail = dynamoAuditTrail(table);
  for (const entry of entries) await trail.record(entry);
});

describe('the audit trail, as the backoffice pages it', () => {
  it('lists every entry newest first, one Query per page, whatever months a page crosses', async () => {
    const { table: countedTable, sent } = counted(table);
    const trail = dynamoAuditTrail(countedTable);
    const pages: string[][] = [];
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const page = await trail.page({ after, limit: 2 });
      pages.push(page.map((entry) => entry.id));
      const last = page.at(-1);
      if (page.length < 2 || last === undefined) break;
      after = { at: last.at, id: last.id };
    }
    expect(pages).toEqual([['c3', 'c2'], ['c1', 'b1'], ['a1']]);
    expect(sent.calls).toBe(pages.length);
  });

  it('reads each entry back as it was written', async () => {
    const [newest] = await dynamoAuditTrail(table).page({ after: null, limit: 1 });
    expect(newest).toEqual(entries.at(-1));
  });
});
