import { describe, expect, it } from 'vitest';
import { acceptConsent } from '../../../../shared/app/consent/page';
import { activateSeat } from '../../../../shared/app/consent/activation';
import { getProtection } from '../../../../shared/app/seats/protection-card';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aConsentLink, personIp } from '../../../support/fakes/consent-link';
import { aGuardian, aStranger } from '../../../support/fakes/seed';

/** A seat whose person consented through their link and whose owner activated it. */
const protectedThroughLink = async (world: FakeWorld) => {
  const link = await aConsentLink(world, { withEvidence: true });
  await acceptConsent(world.deps, link.token, personIp);
  await activateSeat(world.deps, link.owner, link.seat.uid, { guardianAttestation: true });
  return link;
};

describe('getProtection', () => {
  it("shows the seat's card: its person, the consent and who receives its warnings, owner first", async () => {
    const world = fakeWorld();
    const { owner, seat, accountUid } = await protectedThroughLink(world);
    const guardian = aGuardian(world, accountUid);
    const card = await getProtection(world.deps, guardian, seat.uid);
    expect(card).toMatchObject({
      seatUid: seat.uid,
      person: { name: 'Bia Souza' },
      consent: { status: 'given' },
    });
    expect(card.recipients.map((one) => one.memberUid)).toEqual([owner.userUid, guardian.userUid]);
    await expect(getProtection(world.deps, aStranger(world), seat.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
