import { describe, expect, it } from 'vitest';
import { endSession, removeSession, sessionEnd } from '../../../../shared/app/pairing/sessions';
import { ProviderRefused } from '../../../../shared/ports/session-provider';
import { fakeWorld } from '../../../support/fakes/deps';

describe('endSession', () => {
  it('is handed to the session-ends queue, one session a message, never asked of the provider there and then', async () => {
    const world = fakeWorld();
    world.deps.sessions.have('pairing_01', { status: 'WORKING' });
    await endSession(world.deps, 'pairing_01');
    expect(world.deps.sessionEnds.bodies().map((body) => sessionEnd.parse(body))).toEqual([
      { sessionName: 'pairing_01' },
    ]);
    expect(world.deps.sessions.sessions.has('pairing_01')).toBe(true);
  });
});

describe('removeSession', () => {
  it('deletes the session at the provider', async () => {
    const world = fakeWorld();
    world.deps.sessions.have('pairing_01', { status: 'WORKING' });
    await removeSession(world.deps, { sessionName: 'pairing_01' });
    expect(world.deps.sessions.sessions.has('pairing_01')).toBe(false);
    expect(world.deps.sessions.removed).toEqual(['pairing_01']);
  });

  it('ends as well when the provider has no session by that name (removed already)', async () => {
    const world = fakeWorld();
    await expect(removeSession(world.deps, { sessionName: 'pairing_gone' })).resolves.toBeUndefined();
  });

  it('throws on any other answer, so the message comes back for another try', async () => {
    const world = fakeWorld();
    world.deps.sessions.have('pairing_01', { status: 'WORKING' });
    world.deps.sessions.fail('remove', new ProviderRefused(503), 1);
    await expect(removeSession(world.deps, { sessionName: 'pairing_01' })).rejects.toBeInstanceOf(
      ProviderRefused,
    );
    await removeSession(world.deps, { sessionName: 'pairing_01' });
    expect(world.deps.sessions.removed).toEqual(['pairing_01']);
  });
});
