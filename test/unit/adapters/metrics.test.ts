import { afterEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '../../../localstack/lambda-http';
import { countedEventOfRecord } from '../../../shared/adapters/dynamo/stream-filter';
import { itemTypes } from '../../../shared/adapters/dynamo/keys';
import { observed } from '../../../shared/adapters/lambda/observability';
import { powertoolsMetrics } from '../../../shared/adapters/metrics/powertools-metrics';
import { recordedMetrics } from '../../../shared/adapters/metrics/recorded-metrics';
import { countCommitted } from '../../../shared/app/events/committed-metrics';

/**
 * What the handler writes to standard output and error while it runs (EMF lines go to standard
 * output; Powertools warns on standard error).
 */
const outputOf = async (run: () => Promise<unknown>): Promise<string[]> => {
  const written: string[] = [];
  const keep = (chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(keep),
    vi.spyOn(process.stderr, 'write').mockImplementation(keep),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return written.join('').split('\n').filter(Boolean);
};

afterEach(() => vi.restoreAllMocks());

describe('the observability middleware', () => {
  const metrics = powertoolsMetrics();

  it('publishes what an invocation counted as one EMF line when it ends: names, numbers and the service', async () => {
    const handler = observed(async (event: { opened: number }) => {
      metrics.count('AlertsOpened', event.opened);
      metrics.count('ExcerptReads');
      return 'done';
    });
    let answer: unknown;
    const lines = await outputOf(async () => {
      answer = await handler({ opened: 2 }, lambdaContext('alerts'));
    });
    expect(answer).toBe('done');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown> & {
      _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] };
    };
    expect(line).toMatchObject({ service: 'family-protection', AlertsOpened: 2, ExcerptReads: 1 });
    expect(line._aws.CloudWatchMetrics).toEqual([
      expect.objectContaining({ Namespace: 'FamilyProtection', Dimensions: [['service']] }),
    ]);
    expect(Object.keys(line).sort()).toEqual(['AlertsOpened', 'ExcerptReads', '_aws', 'service']);
  });

  it('publishes what was counted before a handler failed, and the failure goes on', async () => {
    const handler = observed(async () => {
      metrics.count('PairingsDegraded');
      throw new Error('boom');
    });
    let failure: unknown;
    const lines = await outputOf(async () => {
      failure = await handler({}, lambdaContext('workers')).catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(Error);
    expect(lines.map((one) => JSON.parse(one) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ PairingsDegraded: 1 }),
    ]);
  });

  it('writes nothing, not even a warning, for an invocation that counted nothing', async () => {
    const handler = observed(async () => 'quiet');
    expect(await outputOf(() => handler({}, lambdaContext('health')))).toEqual([]);
  });
});

describe('the committed events’ metrics', () => {
  const record = (eventName: string, image: Record<string, unknown>) => ({
    eventName,
    dynamodb: { NewImage: image },
  });
  const eventImage = (eventType: string, payload: Record<string, unknown> = {}) => ({
    type: { S: itemTypes.event },
    id: { S: '01K00000000000000000000001' },
    accountId: { S: 'acc-1' },
    eventType: { S: eventType },
    payload: { M: payload },
  });

  it('read an inserted event item’s type and payload status only', () => {
    const image = eventImage('pairing.status', {
      status: { S: 'paired' },
      nextRetryAt: { S: '2026-11-24T10:00:00Z' },
    });
    expect(countedEventOfRecord(record('INSERT', image))).toEqual({
      type: 'pairing.status',
      payload: { status: 'paired' },
    });
    expect(countedEventOfRecord(record('INSERT', eventImage('alert.opened')))).toEqual({
      type: 'alert.opened',
      payload: {},
    });
    expect(countedEventOfRecord(record('MODIFY', eventImage('alert.opened')))).toBeNull();
    expect(countedEventOfRecord(record('INSERT', { type: { S: 'SEAT' } }))).toBeNull();
  });

  it('are counted into the metrics port, summed per metric', () => {
    const metrics = recordedMetrics();
    countCommitted(metrics, [
      { type: 'alert.opened', payload: {} },
      { type: 'alert.opened', payload: {} },
      { type: 'pairing.status', payload: { status: 'degraded' } },
      { type: 'seat.created', payload: {} },
    ]);
    expect(metrics.counts).toEqual({ AlertsOpened: 2, PairingsDegraded: 1 });
    expect(metrics.levels).toEqual({});
  });
});
