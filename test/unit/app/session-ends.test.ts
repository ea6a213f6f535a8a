import { describe, expect, it } from 'vitest';
import { endSession, failureCauseOf, sessionEnd } from '../../../shared/app/pairing/sessions';
import { ProviderRefused } from '../../../shared/ports/session-provider';

describe('ending a session at the provider', () => {
  it('is handed to the session-ends queue, one session a message, never asked of the provider there and then', async () => {
    const sent: string[] = [];
    await endSession(
      { sessionEnds: { send: async (messages) => void sent.push(...messages.map((m) => m.body)) } },
      'pairing_01',
    );
    expect(sent.map((body) => sessionEnd.parse(JSON.parse(body)))).toEqual([{ sessionName: 'pairing_01' }]);
  });

  it('logs a failed try by a cause that stays the same, never by an exception’s message', () => {
    expect(failureCauseOf(new ProviderRefused(503))).toBe('status_503');
    expect(failureCauseOf(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(
      'timeout',
    );
    expect(failureCauseOf(new TypeError('fetch failed: connect ECONNREFUSED 10.1.2.3:443'))).toBe(
      'unreachable',
    );
    expect(failureCauseOf(new RangeError('anything at all'))).toBe('RangeError');
    expect(failureCauseOf('a string')).toBe('unknown');
  });
});
