import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { broken, runFamilies } from '../load/families';
import { stackTable } from './support/consent';

const families = 3;

/**
 * Proxy slots the tier's stack has free (every pairing binds one until it ends); null before the
 * first pairing seeds the pool from its configuration (every slot free).
 */
const freeSlots = async () => {
  const { Items = [] } = await stackTable().doc.send(
    new QueryCommand({
      TableName: stackTable().tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'PROXIES' },
      ConsistentRead: true,
    }),
  );
  if (Items.length === 0) return null;
  return Items.filter((item) => item['burned'] !== true).reduce(
    (sum, item) => sum + Number(item['capacity']) - Number(item['bound']),
    0,
  );
};

describe('the load run’s core, small (npm run load runs it with 100 families)', () => {
  it('takes 3 families through sign-up to messages at once: every committed event on every stream once, in commit order; no 5xx', async () => {
    // The tier's pool is small: a test that fills it has its QR pairings end within 160 s (six QRs).
    await eventually(freeSlots, (free) => free === null || free >= families, `${families} free proxy slots`, {
      deadlineMs: 170_000,
      everyMs: 1_000,
    });
    const report = await runFamilies({ families, messages: 5 });
    expect(broken(report)).toEqual([]);
    expect(report.streams).toHaveLength(2 * families);
    expect(report.streams.every((check) => check.received === check.expected && check.expected > 0)).toBe(
      true,
    );
    expect(report.byGroup.map((timing) => timing.name)).toEqual(
      expect.arrayContaining(['auth', 'accounts', 'seats', 'consent', 'evidence', 'pairing', 'alerts']),
    );
  }, 300_000);
});
