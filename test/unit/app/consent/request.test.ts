import { describe, expect, it } from 'vitest';
import { askConsent, getConsent, resendConsent } from '../../../../shared/app/consent/request';
import { fakeWorld } from '../../../support/fakes/deps';
import { aConsentLink, personIp } from '../../../support/fakes/consent-link';
import { declineConsent } from '../../../../shared/app/consent/page';
import { aFamily, aGuardian, aPendingSeat, eventTypes, storedSeat } from '../../../support/fakes/seed';

describe('askConsent', () => {
  it('makes the request with its link and the relationship check, and queues its send when asked to', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const seat = aPendingSeat(world, accountUid);
    const { created, seat: view } = await askConsent(world.deps, owner, seat.uid, { send: 'now' });
    expect(created).toBe(true);
    expect(view.consent).toMatchObject({ status: 'pending', link: expect.stringContaining('/c/') });
    expect(world.table.consentLinks.size).toBe(1);
    expect(storedSeat(world, seat)?.relationshipCheck).toMatchObject({ result: 'confirmed' });
    expect(world.deps.consentSends.bodies()).toMatchObject([{ seatUid: seat.uid, attempt: 1 }]);
    expect(eventTypes(world)).toEqual(expect.arrayContaining(['consent.requested']));
  });

  it('reuses an open request', async () => {
    const world = fakeWorld();
    const { owner, seat } = await aConsentLink(world);
    const again = await askConsent(world.deps, owner, seat.uid, { send: 'later' });
    expect(again.created).toBe(false);
    expect(world.table.consentLinks.size).toBe(1);
  });

  it('answers 422 DEPENDENT_REQUIRED without the person, and 403 to a guardian', async () => {
    const world = fakeWorld();
    const { accountUid, owner } = aFamily(world);
    const empty = aPendingSeat(world, accountUid, { dependent: null });
    await expect(askConsent(world.deps, owner, empty.uid, { send: 'later' })).rejects.toMatchObject({
      code: 'DEPENDENT_REQUIRED',
    });
    const seat = aPendingSeat(world, accountUid);
    await expect(
      askConsent(world.deps, aGuardian(world, accountUid), seat.uid, { send: 'later' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('resendConsent', () => {
  it('replaces the link with a new one and queues its send', async () => {
    const world = fakeWorld();
    const { owner, seat } = await aConsentLink(world);
    await resendConsent(world.deps, owner, seat.uid);
    expect(world.table.consentLinks.size).toBe(2);
    expect(storedSeat(world, seat)?.consent?.requestId).not.toBe(seat.consent?.requestId);
    expect(world.deps.consentSends.sent).toHaveLength(1);
  });

  it('answers 422 RESEND_LOCKED after the person declined, until the wait is over', async () => {
    const world = fakeWorld();
    const { owner, seat, token } = await aConsentLink(world);
    await declineConsent(world.deps, token, personIp);
    await expect(resendConsent(world.deps, owner, seat.uid)).rejects.toMatchObject({ code: 'RESEND_LOCKED' });
    world.deps.clock.advance(world.deps.settings.consent.resendWaitSeconds * 1000);
    await expect(resendConsent(world.deps, owner, seat.uid)).resolves.toMatchObject({
      seat: { consent: { status: 'pending' } },
    });
  });
});

describe('getConsent', () => {
  it('says what pairing still lacks', async () => {
    const world = fakeWorld();
    const { owner, seat } = await aConsentLink(world);
    expect(await getConsent(world.deps, owner, seat.uid)).toMatchObject({
      status: 'pending',
      relationshipCheck: 'confirmed',
      pairingAllowed: false,
      blockedBy: expect.arrayContaining(['consent_required', 'seat_not_active']),
    });
  });
});
