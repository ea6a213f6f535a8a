import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../e2e/support/api';
import { askedFamily } from '../e2e/support/consent';
import { sessionOf, simulate } from '../e2e/support/pairing';
import { byTestId, expectAccessible, launchBrowser, openLink, recordEvidence } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser('face');
});
afterAll(async () => browser?.close());

const expectVisible = (locator: ReturnType<typeof byTestId>, timeout = 15_000) =>
  expect.poll(() => locator.isVisible(), { timeout }).toBe(true);

describe('the consent page in a real browser', () => {
  it('takes the person from the link to paired, shows their protection, and stops it', async () => {
    const family = await askedFamily();
    const page = await openLink(browser, family.linkToken);

    await expectVisible(byTestId(page, 'consent-intro'));
    await expect.poll(() => byTestId(page, 'consent-intro').innerText()).toContain('Ana');
    await expectAccessible(page);
    await recordEvidence(page);
    await expectAccessible(page);
    await byTestId(page, 'evidence-submit').click();

    await expectVisible(byTestId(page, 'accept'), 30_000);
    await expectAccessible(page);
    await byTestId(page, 'accept').click();

    // The family has not activated the seat yet: the page says so and lets the person try again.
    await expect
      .poll(() => byTestId(page, 'pairing-error').getAttribute('data-code'), { timeout: 15_000 })
      .toBe('SEAT_NOT_ACTIVE');
    await call('POST', `/seats/${family.seatUid}/activate`, {
      token: family.owner.token,
      body: { guardianAttestation: true },
    });
    await call('POST', `/seats/${family.seatUid}/channels/chat`, { token: family.owner.token });
    await page.getByRole('button', { name: 'Tentar de novo' }).click();

    await expect
      .poll(() => byTestId(page, 'pairing-code').innerText(), { timeout: 15_000 })
      .toMatch(/^\S{8}$|^\S{4}-\S{4}$/);
    await expectAccessible(page);
    await simulate(await sessionOf(family.seatUid), 'link');
    await expect
      .poll(() => byTestId(page, 'pairing-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('paired');

    await page.getByRole('button', { name: 'Ver a minha proteção' }).click();
    await expect
      .poll(() => byTestId(page, 'protection-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('protecting');
    await expect.poll(() => byTestId(page, 'excerpt-views').getAttribute('data-count')).toBe('0');
    await expectAccessible(page);

    await byTestId(page, 'stop').click();
    await expectAccessible(page);
    await byTestId(page, 'stop-confirm').click();
    await expect
      .poll(() => byTestId(page, 'protection-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('stopped');
    expect(await byTestId(page, 'protection-reason').getAttribute('data-reason')).toBe(
      'consent_stopped_by_dependent',
    );
    await expect.poll(() => byTestId(page, 'excerpt-views').getAttribute('data-count')).toBe('0');
    await expectAccessible(page);
  });
});
