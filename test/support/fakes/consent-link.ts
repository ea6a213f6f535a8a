import { activateSeat } from '../../../shared/app/consent/activation';
import { acceptConsent } from '../../../shared/app/consent/page';
import { askConsent } from '../../../shared/app/consent/request';
import { contractChannel } from '../../../shared/app/pairing/channels';
import { linkToken } from '../../../shared/app/link-access';
import { recordEvidence } from '../../../shared/domain/consent/seat-consent';
import type { FakeWorld } from './deps';
import { aFamily, aPendingSeat, storedSeat } from './seed';

/** The IP the person's requests come from. */
export const personIp = '198.51.100.23';

/**
 * A pending seat whose owner asked for consent (`askConsent`, sent now or later): the person's link
 * token, the seat and the family. `withEvidence` records the person's verified evidence on it.
 */
export const aConsentLink = async (
  world: FakeWorld,
  options: { send?: 'now' | 'later'; withEvidence?: boolean } = {},
) => {
  const family = aFamily(world);
  const seat = aPendingSeat(world, family.accountUid);
  await askConsent(world.deps, family.owner, seat.uid, { send: options.send ?? 'later' });
  const asked = storedSeat(world, seat);
  if (asked?.consent == null) throw new Error('no consent request');
  if (options.withEvidence === true) Object.assign(asked, recordEvidence(asked, world.deps.clock.now()));
  return { ...family, seat: asked, token: linkToken(world.deps, asked.consent.requestId) };
};

/**
 * A link whose person consented on their page, whose owner activated the seat and contracted its
 * `chat`: the person may pair from their page.
 */
export const aLinkReadyToPair = async (world: FakeWorld) => {
  const link = await aConsentLink(world, { withEvidence: true });
  await acceptConsent(world.deps, link.token, personIp);
  await activateSeat(world.deps, link.owner, link.seat.uid, { guardianAttestation: true });
  await contractChannel(world.deps, link.owner, link.seat.uid, 'chat');
  const seat = storedSeat(world, link.seat);
  if (seat === undefined) throw new Error('no seat');
  return { ...link, seat };
};
