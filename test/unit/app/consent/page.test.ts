import { describe, expect, it } from 'vitest';
import { acceptConsent, declineConsent, readConsentPage } from '../../../../shared/app/consent/page';
import { fakeWorld } from '../../../support/fakes/deps';
import { aConsentLink, personIp } from '../../../support/fakes/consent-link';
import { eventTypes, storedSeat } from '../../../support/fakes/seed';

describe('readConsentPage', () => {
  it("shows who asks (a first name), the person's first name and the phrase to read", async () => {
    const world = fakeWorld();
    const { token } = await aConsentLink(world);
    expect(await readConsentPage(world.deps, token, personIp)).toMatchObject({
      status: 'pending',
      requester: { firstName: 'Ana' },
      person: { firstName: 'Bia', kind: 'minor' },
      phrase: expect.stringContaining('Bia'),
      evidenceVerified: false,
    });
  });

  it('answers 404 for a token that is not one of ours, and 422 CONSENT_EXPIRED past its expiry', async () => {
    const world = fakeWorld();
    const { token } = await aConsentLink(world);
    await expect(readConsentPage(world.deps, 'x'.repeat(43), personIp)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    world.deps.clock.advance((world.deps.settings.consent.linkTtlSeconds + 1) * 1000);
    await expect(readConsentPage(world.deps, token, personIp)).rejects.toMatchObject({
      code: 'CONSENT_EXPIRED',
    });
  });

  it("answers 429 RATE_LIMITED past the link's read budget, before the lookup", async () => {
    const world = fakeWorld();
    const { limit } = world.deps.settings.consentRates.readPerLink;
    const token = 'y'.repeat(43);
    for (let read = 0; read < limit; read += 1)
      await expect(readConsentPage(world.deps, token, `203.0.113.${read}`)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    await expect(readConsentPage(world.deps, token, personIp)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});

describe('acceptConsent', () => {
  it("gives consent once the evidence is verified, telling the family's guardians", async () => {
    const world = fakeWorld();
    const { token, seat, owner } = await aConsentLink(world, { withEvidence: true });
    await expect(acceptConsent(world.deps, token, personIp)).resolves.toMatchObject({ status: 'given' });
    expect(storedSeat(world, seat)?.consent?.status).toBe('given');
    expect(world.table.inbox.get(owner.userUid)?.map((entry) => entry.type)).toEqual(['consent.given']);
    expect(eventTypes(world)).toContain('consent.given');
  });

  it('answers 422 EVIDENCE_REQUIRED before the evidence', async () => {
    const world = fakeWorld();
    const { token } = await aConsentLink(world);
    await expect(acceptConsent(world.deps, token, personIp)).rejects.toMatchObject({
      code: 'EVIDENCE_REQUIRED',
    });
  });
});

describe('declineConsent', () => {
  it('declines without a reason, locks the resend for the wait and tells the guardians', async () => {
    const world = fakeWorld();
    const { token, seat, owner } = await aConsentLink(world);
    await expect(declineConsent(world.deps, token, personIp)).resolves.toMatchObject({ status: 'declined' });
    expect(storedSeat(world, seat)?.resendLockedUntil).not.toBeNull();
    expect(world.table.inbox.get(owner.userUid)?.map((entry) => entry.type)).toEqual(['consent.declined']);
    await expect(declineConsent(world.deps, token, personIp)).rejects.toMatchObject({
      code: 'CONSENT_EXPIRED',
    });
  });
});
