import { describe, expect, it } from 'vitest';
import { health } from '../../../shared/app/health';
import { fakeClock } from '../../support/fakes/clock';

describe('health', () => {
  it('is ok when every probe answers, and degraded naming the one that does not', async () => {
    const clock = fakeClock();
    const startedAt = clock.now().getTime() - 90_000;
    const table = { name: 'table', check: async () => undefined };
    const queue = {
      name: 'queue',
      check: async () => {
        throw new Error('down');
      },
    };
    await expect(health([table], clock, startedAt)).resolves.toMatchObject({ status: 'ok', uptime: 90 });
    await expect(health([table, queue], clock, startedAt)).resolves.toMatchObject({
      status: 'degraded',
      services: { table: { status: 'ok' }, queue: { status: 'down' } },
    });
  });
});
