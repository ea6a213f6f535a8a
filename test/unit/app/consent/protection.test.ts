import { describe, expect, it } from 'vitest';
import { acceptConsent } from '../../../../shared/app/consent/page';
import { readPersonProtection, stopProtection } from '../../../../shared/app/consent/protection';
import { activateSeat } from '../../../../shared/app/consent/activation';
import { fakeWorld, type FakeWorld } from '../../../support/fakes/deps';
import { aConsentLink, personIp } from '../../../support/fakes/consent-link';
import { storedSeat } from '../../../support/fakes/seed';

/** A seat whose person consented through their link and whose owner activated it. */
const protectedThroughLink = async (world: FakeWorld) => {
  const link = await aConsentLink(world, { withEvidence: true });
  await acceptConsent(world.deps, link.token, personIp);
  await activateSeat(world.deps, link.owner, link.seat.uid, { guardianAttestation: true });
  return link;
};

describe('readPersonProtection', () => {
  it('shows the person their protection behind a given consent, always with a stop', async () => {
    const world = fakeWorld();
    const { token } = await protectedThroughLink(world);
    await expect(readPersonProtection(world.deps, token, personIp)).resolves.toMatchObject({ canStop: true });
  });

  it('answers 422 CONSENT_NOT_GIVEN before the consent is given', async () => {
    const world = fakeWorld();
    const { token } = await aConsentLink(world);
    await expect(readPersonProtection(world.deps, token, personIp)).rejects.toMatchObject({
      code: 'CONSENT_NOT_GIVEN',
    });
  });
});

describe('stopProtection', () => {
  it("revokes the consent, destroys the seat's key and tells the guardians (critical)", async () => {
    const world = fakeWorld();
    const { token, seat, owner } = await protectedThroughLink(world);
    await expect(stopProtection(world.deps, token, personIp)).resolves.toMatchObject({ status: 'revoked' });
    expect(storedSeat(world, seat)).toMatchObject({ dataKeyId: null, consent: { revokedBy: 'dependent' } });
    expect(world.table.wrappedKeys.has(seat.seatId)).toBe(false);
    expect(world.table.inbox.get(owner.userUid)?.map((entry) => entry.type)).toContain('consent.stopped');
  });

  it('answers 422 CONSENT_NOT_GIVEN on a link without a given consent', async () => {
    const world = fakeWorld();
    const { token } = await aConsentLink(world);
    await expect(stopProtection(world.deps, token, personIp)).rejects.toMatchObject({
      code: 'CONSENT_NOT_GIVEN',
    });
  });
});
