import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../e2e/support/api';
import { askedFamily, form, protectedSeat, upload } from '../e2e/support/consent';
import { sessionOf, simulate } from '../e2e/support/pairing';
import { byTestId, expectAccessible, launchBrowser, openLink, recordEvidence } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser('face');
});
afterAll(async () => browser?.close());

const attribute = (locator: ReturnType<typeof byTestId>, name: string, timeout = 15_000) =>
  expect.poll(() => locator.getAttribute(name), { timeout });

/** A person whose consent is given and seat ready, on the page's pairing screen with a code shown. */
const atPairingCode = async (beforeConnecting: (page: Page) => Promise<void> = async () => undefined) => {
  const family = await protectedSeat();
  const page = await openLink(browser, family.linkToken);
  await attribute(byTestId(page, 'protection-state'), 'data-state').toBe('ready_to_connect');
  await beforeConnecting(page);
  await page.getByRole('button', { name: 'Conectar o WhatsApp' }).click();
  await expect.poll(() => byTestId(page, 'pairing-code').isVisible(), { timeout: 15_000 }).toBe(true);
  return { family, page, session: await sessionOf(family.seatUid) };
};

describe('the consent page: no, errors and dead ends', () => {
  it('declines without asking why', async () => {
    const family = await askedFamily();
    const page = await openLink(browser, family.linkToken);
    await recordEvidence(page);
    await byTestId(page, 'evidence-submit').click();
    await byTestId(page, 'decline').click();
    await expect.poll(() => byTestId(page, 'declined').isVisible(), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page);
    expect(
      (await call('GET', `/seats/${family.seatUid}`, { token: family.owner.token })).body.data.consent,
    ).toMatchObject({
      status: 'declined',
    });
  });

  it('explains an expired or replaced link', async () => {
    const family = await askedFamily();
    const seat = (await call('GET', `/seats/${family.seatUid}`, { token: family.owner.token })).body.data;
    // The family changed the person's data: the link they had is replaced.
    await call('PUT', `/seats/${family.seatUid}/dependent`, {
      token: family.owner.token,
      body: { ...seat.dependent, name: 'Beatriz Souza' },
    });
    const page = await openLink(browser, family.linkToken);
    await expect.poll(() => byTestId(page, 'link-expired').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await byTestId(page, 'link-expired').innerText()).toContain('link');
    await expectAccessible(page);
  });

  it('says when to try again once the link spent its evidence budget', async () => {
    const family = await askedFamily();
    // The link's evidence budget (10 an hour) is spent before the person sends theirs.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await upload(family.linkToken, form(Buffer.from('x'), Buffer.from('y')));
    }
    const page = await openLink(browser, family.linkToken);
    await recordEvidence(page);
    await byTestId(page, 'evidence-submit').click();
    await attribute(byTestId(page, 'evidence-error'), 'data-code').toBe('RATE_LIMITED');
    expect(await byTestId(page, 'evidence-error').innerText()).toMatch(
      /Tente de novo em \d+ (segundos|minutos)/,
    );
    await expectAccessible(page);
  });

  it('asks the number-match question and connects on yes', async () => {
    const { page, session } = await atPairingCode();
    await simulate(session, 'passkey');
    await expect.poll(() => byTestId(page, 'passkey-yes').isVisible(), { timeout: 15_000 }).toBe(true);
    await expectAccessible(page);
    await byTestId(page, 'passkey-yes').click();
    await simulate(session, 'link');
    await attribute(byTestId(page, 'pairing-status'), 'data-status').toBe('paired');
  });

  it('ends the pairing when the number does not match, and offers to try again', async () => {
    const { page, session } = await atPairingCode();
    await simulate(session, 'passkey');
    await expect.poll(() => byTestId(page, 'passkey-no').isVisible(), { timeout: 15_000 }).toBe(true);
    await byTestId(page, 'passkey-no').click();
    await attribute(byTestId(page, 'pairing-status'), 'data-status').toBe('cancelled');
    expect(await byTestId(page, 'pairing-status').innerText()).toContain('diferente');
    await expect.poll(() => page.getByRole('button', { name: 'Tentar de novo' }).isVisible()).toBe(true);
    await expectAccessible(page);
  });

  it('follows the pairing without its live stream, and goes live again once the stream answers', async () => {
    let relayDown = true;
    const { page, session } = await atPairingCode(async (page) => {
      await page.route('**/consent-requests/*/events', (route) =>
        relayDown ? route.fulfill({ status: 503, body: '' }) : route.continue(),
      );
    });
    expect(await byTestId(page, 'pairing-live').getAttribute('data-live')).toBe('false');
    await simulate(session, 'link');
    await attribute(byTestId(page, 'pairing-status'), 'data-status').toBe('paired');
    relayDown = false;
    await attribute(byTestId(page, 'pairing-live'), 'data-live').toBe('true');
  });

  it('explains a pairing WhatsApp ended by asking for a passkey', async () => {
    const { page, session } = await atPairingCode();
    await simulate(session, 'passkey-required');
    await attribute(byTestId(page, 'pairing-status'), 'data-status').toBe('cancelled');
    expect(await byTestId(page, 'pairing-status').innerText()).toContain('mais tarde');
    // Back on the link later, the protection view says why in words too.
    await page.reload();
    await attribute(byTestId(page, 'protection-state'), 'data-state').toBe('ready_to_connect');
    await attribute(byTestId(page, 'protection-reason'), 'data-reason').toBe('passkey_required');
    expect(await byTestId(page, 'protection-reason').innerText()).toContain('mais tarde');
    await expectAccessible(page);
  });

  it('offers the stop on the pairing screen as soon as the person is protected', async () => {
    const { page, session } = await atPairingCode();
    await simulate(session, 'link');
    await attribute(byTestId(page, 'pairing-status'), 'data-status').toBe('paired');
    await byTestId(page, 'stop').click();
    await expectAccessible(page);
    await byTestId(page, 'stop-confirm').click();
    await attribute(byTestId(page, 'protection-state'), 'data-state').toBe('stopped');
    await attribute(byTestId(page, 'protection-reason'), 'data-reason').toBe('consent_stopped_by_dependent');
    await expectAccessible(page);
  });

  it('speaks English to a browser that prefers it', async () => {
    const family = await askedFamily();
    const page = await openLink(browser, family.linkToken, { locale: 'en-US' });
    await expect
      .poll(() => byTestId(page, 'consent-intro').innerText(), { timeout: 10_000 })
      .toContain('asks for your permission');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });
});
