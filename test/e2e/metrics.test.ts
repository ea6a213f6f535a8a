import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import {
  businessMetrics,
  metricsNamespace,
  metricsService,
} from '../../shared/domain/metrics/business-metrics';
import { lastRead } from '../support/eventually';
import { protectedSeat } from './support/consent';
import { pair } from './support/pairing';

/** An embedded-metric-format line, as CloudWatch Logs reads it from a function's output. */
type Emf = {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
} & Record<string, unknown>;

/** The EMF lines of the local stack's output so far (the handlers run there as in Lambda). */
const emfLines = async (): Promise<Emf[]> =>
  (await readFile(inject('stackLog'), 'utf8'))
    .split('\n')
    .filter((line) => line.startsWith('{"_aws"'))
    .map((line) => JSON.parse(line) as Emf);

const total = (lines: readonly Emf[], metric: string): number =>
  lines.reduce((sum, line) => sum + (typeof line[metric] === 'number' ? line[metric] : 0), 0);

describe('the business metrics', () => {
  it('count a pairing that reached paired, once committed, in EMF lines of names and numbers only', async () => {
    const before = total(await emfLines(), 'PairingsPaired');
    const family = await protectedSeat();
    await pair(family);
    const lines = await lastRead(emfLines, (read) => total(read, 'PairingsPaired') > before, {
      deadlineMs: 10_000,
      everyMs: 50,
    });
    expect(total(lines, 'PairingsPaired')).toBeGreaterThan(before);
    // Nothing but the namespace, the service, the function and numbers: no id, no address, no text.
    const allowed = new Set<string>(['_aws', 'service', 'function_name', 'ColdStart', ...businessMetrics]);
    for (const line of lines) {
      expect(Object.keys(line).filter((key) => !allowed.has(key))).toEqual([]);
      expect(line._aws.CloudWatchMetrics.map((one) => one.Namespace)).toEqual([metricsNamespace]);
      expect(line['service']).toBe(metricsService);
      for (const name of businessMetrics) if (name in line) expect(typeof line[name]).toBe('number');
    }
  });
});
