import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { uniqueIp } from '../../e2e/support/api';
import { phoneContext } from './chromium';

export { chromiumInstall, launchBrowser, packagedChromium, type Camera } from './chromium';

/**
 * The person's phone: a 360x740 screen opening their link. Each person speaks from an address of
 * their own (the page's server passes it on, as CloudFront does), so per-IP budgets stay theirs.
 */
export const openLink = async (
  browser: Browser,
  linkToken: string,
  options: { ip?: string; locale?: string } = {},
): Promise<Page> => {
  const context = await phoneContext(browser, options.ip ?? uniqueIp(), options.locale);
  const page = await context.newPage();
  await page.goto(`${inject('webUrl')}/c/${linkToken}`);
  return page;
};

/** No serious or critical accessibility violation on the screen as it is now. */
export const expectAccessible = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target).join(' ')})`,
      ),
  ).toEqual([]);
};

export const byTestId = (page: Page, id: string) => page.getByTestId(id);

/** Selfie and reading through the page: capture, record a few seconds of the phrase, stop. */
export const recordEvidence = async (page: Page) => {
  await byTestId(page, 'consent-intro').getByRole('button').click();
  await expect.poll(() => byTestId(page, 'selfie-capture').isEnabled(), { timeout: 10_000 }).toBe(true);
  await byTestId(page, 'selfie-capture').click();
  await byTestId(page, 'audio-record').click();
  // The fake microphone reads the phrase in a loop: three seconds hold a whole reading.
  await expect
    .poll(async () => Number(await byTestId(page, 'audio-seconds').getAttribute('data-seconds')), {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(3);
  await byTestId(page, 'audio-stop').click();
};
