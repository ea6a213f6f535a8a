import { describe, expect, it } from 'vitest';
import { endSession, sessionEnd } from '../../../shared/app/pairing/sessions';

describe('ending a session at the provider', () => {
  it('is handed to the session-ends queue, one session a message, never asked of the provider there and then', async () => {
    const sent: string[] = [];
    await endSession(
      { sessionEnds: { send: async (messages) => void sent.push(...messages.map((m) => m.body)) } },
      'pairing_01',
    );
    expect(sent.map((body) => sessionEnd.parse(JSON.parse(body)))).toEqual([{ sessionName: 'pairing_01' }]);
  });
});
