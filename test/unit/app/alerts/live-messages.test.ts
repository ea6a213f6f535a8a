import { describe, expect, it } from 'vitest';
import { newBatchMemory } from '../../../../shared/app/alerts/analyse-message';
import { analyseLiveMessage } from '../../../../shared/app/alerts/live-messages';
import type { Seat } from '../../../../shared/domain/family/seat';
import type { SessionMessageEvent } from '../../../../shared/ports/session-provider';
import { fakeWorld } from '../../../support/fakes/deps';
import { aFamily, aPairedSeat, anActiveSeat } from '../../../support/fakes/seed';

const own = '5511987654321@c.us';
const contact = '5521998765432@c.us';

/** A message of the seat's session as the provider's adapter hands it over. */
const messageOf = (
  seat: Pick<Seat, 'uid' | 'pairing'>,
  fields: Partial<SessionMessageEvent['message']> = {},
) =>
  ({
    kind: 'message',
    envelope: { id: 'evt_1', event: 'message', session: seat.pairing?.sessionName ?? '', seatUid: seat.uid },
    message: {
      id: `false_${contact}_3EB0`,
      timestamp: 1_785_000_119,
      from: contact,
      to: own,
      fromMe: false,
      body: 'oi',
      ...fields,
    },
    me: { id: own, lid: null, jid: null },
  }) satisfies SessionMessageEvent;

describe('analyseLiveMessage', () => {
  it("analyses a paired seat's message once, whichever event brings it", async () => {
    const world = fakeWorld();
    const seat = aPairedSeat(world, aFamily(world).accountUid, 'sp-1');
    const memory = newBatchMemory();
    await expect(analyseLiveMessage(world.deps, memory, messageOf(seat))).resolves.toBe('ingested');
    const again = { ...messageOf(seat), envelope: { ...messageOf(seat).envelope, event: 'message.any' } };
    await expect(analyseLiveMessage(world.deps, newBatchMemory(), again)).resolves.toBe('duplicate');
    expect(world.deps.analyzer.windows).toHaveLength(1);
    expect(world.table.messages.size).toBe(1);
  });

  it('drops unread a status broadcast and a message without text', async () => {
    const world = fakeWorld();
    const seat = aPairedSeat(world, aFamily(world).accountUid, 'sp-1');
    const memory = newBatchMemory();
    for (const fields of [{ from: 'status@broadcast' }, { body: null }])
      await expect(analyseLiveMessage(world.deps, memory, messageOf(seat, fields))).resolves.toBe('dropped');
    expect(world.deps.analyzer.windows).toEqual([]);
  });

  it('reads only a live pairing’s messages: a session no pairing owns, or one not yet paired, is unknown', async () => {
    const world = fakeWorld();
    const { accountUid } = aFamily(world);
    const paired = aPairedSeat(world, accountUid, 'sp-1');
    const linking = anActiveSeat(world, accountUid, {
      pairing:
        paired.pairing === null ? null : { ...paired.pairing, sessionName: 'pairing_2', status: 'challenge' },
    });
    const memory = newBatchMemory();
    await expect(analyseLiveMessage(world.deps, memory, messageOf(linking))).resolves.toBe('unknown_session');
    const stray = {
      uid: paired.uid,
      pairing: paired.pairing && { ...paired.pairing, sessionName: 'pairing_x' },
    };
    await expect(analyseLiveMessage(world.deps, memory, messageOf(stray))).resolves.toBe('unknown_session');
    expect(world.deps.analyzer.windows).toEqual([]);
  });
});
