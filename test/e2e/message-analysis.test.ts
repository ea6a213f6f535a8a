import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { protectedSeat } from './support/consent';
import { pair, simulate } from './support/pairing';
import { guardianStream } from './support/streams';

describe('a live message to an alert, over the local stack', () => {
  it('opens an alert from a signed webhook with the sandbox marker: `alert.opened` on the account’s stream, never its text', async () => {
    const family = await protectedSeat();
    const session = await pair(family);
    const stream = await guardianStream(family.owner.token, family.accountUid);
    // The simulator signs it as the provider does, and sends it as `message` and `message.any`.
    await simulate(session, 'messages', { body: 'ninguém gosta de você #risk:bullying:high' });
    const events = await stream.until(
      (received) => received.some((event) => event.type === 'alert.opened'),
      'alert.opened on the account’s stream',
      30_000,
    );
    const opened = events.filter((event) => event.type === 'alert.opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]?.payload).toEqual({
      alertUid: expect.any(String),
      category: 'bullying',
      severity: 'high',
    });
    await stream.until(
      (received) =>
        received.some(
          (event) =>
            event.type === 'seat.state_changed' &&
            event.seatUid === family.seatUid &&
            event.payload['state'] === 'needs_you',
        ),
      'the seat needing its guardians',
    );
    expect(JSON.stringify(stream.events)).not.toContain('ninguém');
    stream.close();

    const inbox = await call('GET', '/notifications', { token: family.owner.token });
    expect(inbox.body.data.notifications).toContainEqual(
      expect.objectContaining({ type: 'alert.opened', severity: 'critical', seatUid: family.seatUid }),
    );
  });
});
