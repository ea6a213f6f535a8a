import { describe, expect, it } from 'vitest';
import { fanOut } from '../../../../shared/app/events/fan-out';
import type { RelayRegistry, TopicNews } from '../../../../shared/ports/relay';

const holders: Record<string, string[]> = {
  'account:acc-1': ['http://task-a', 'http://task-b'],
  'seat:acc-1:seat-1': ['http://task-b'],
  'account:acc-2': ['http://task-c'],
};
const registry: RelayRegistry = {
  register: async () => undefined,
  unregister: async () => undefined,
  endpoints: async (topic) => (holders[topic] ?? []).map((endpoint) => ({ taskId: endpoint, endpoint })),
};

describe('the stream handler’s fan-out', () => {
  it('wakes each task holding a topic once per batch, naming the oldest new id of every topic it holds', async () => {
    const pushed = new Map<string, readonly TopicNews[]>();
    const result = await fanOut(
      { registry, push: { push: async (endpoint, news) => void pushed.set(endpoint, news) } },
      [
        { id: '01K00000000000000000000002', accountId: 'acc-1', seatId: 'seat-1' },
        { id: '01K00000000000000000000001', accountId: 'acc-1', seatId: null },
        { id: '01K00000000000000000000003', accountId: 'acc-1', seatId: 'seat-1' },
      ],
    );
    expect(result).toEqual({ pushed: 2, unreachable: [] });
    expect(pushed.get('http://task-a')).toEqual([
      { topic: 'account:acc-1', oldestId: '01K00000000000000000000001' },
    ]);
    expect(pushed.get('http://task-b')).toEqual([
      { topic: 'account:acc-1', oldestId: '01K00000000000000000000001' },
      { topic: 'seat:acc-1:seat-1', oldestId: '01K00000000000000000000002' },
    ]);
    // Another family's task hears nothing of this family.
    expect(pushed.has('http://task-c')).toBe(false);
  });

  it('reports a task that cannot be reached and still wakes the others', async () => {
    const result = await fanOut(
      {
        registry,
        push: {
          push: async (endpoint) => {
            if (endpoint === 'http://task-a') throw new Error('connection refused');
          },
        },
      },
      [{ id: '01K00000000000000000000001', accountId: 'acc-1', seatId: null }],
    );
    expect(result).toEqual({ pushed: 1, unreachable: ['http://task-a'] });
  });
});
