import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueIp } from '../e2e/support/api';
import { askedFamily } from '../e2e/support/consent';
import { ensureConsentPage, pageBudgetBytes } from '../../web/consent-page/build';
import { byTestId, launchBrowser } from './support/browser';
import { phoneContext } from './support/chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser('face');
});
afterAll(async () => browser?.close());

// The first screen's speed is measured by `npm run bench` (test/bench/consent-page.ts), not here:
// this test holds only what is deterministic, the weight of what the person downloads.
describe('the consent page: weight (docs/consent-page.md "Build and budget")', () => {
  it('ships under 60 KB gzipped, the recorder fetched only once the audio step starts', async () => {
    const { linkToken } = await askedFamily();
    const page = await (await phoneContext(browser, uniqueIp())).newPage();
    const shipped = new Map<string, number>();
    page.on('response', async (response) => {
      const path = new URL(response.url()).pathname;
      if (!/^\/assets\/.+\.(js|css)$/.test(path)) return;
      shipped.set(path, 0);
      shipped.set(path, gzipSync(await response.body(), { level: 9 }).length);
    });
    await page.goto(`${inject('webUrl')}/c/${linkToken}`);
    await expect.poll(() => byTestId(page, 'consent-intro').isVisible(), { timeout: 10_000 }).toBe(true);
    const firstScreen = [...shipped.keys()];
    expect(firstScreen.some((path) => path.includes('recorder'))).toBe(false);

    await byTestId(page, 'consent-intro').getByRole('button').click();
    await expect.poll(() => byTestId(page, 'selfie-capture').isEnabled(), { timeout: 10_000 }).toBe(true);
    await byTestId(page, 'selfie-capture').click();
    await expect
      .poll(() => [...shipped].some(([path, bytes]) => path.includes('recorder') && bytes > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    const total = [...shipped.values()].reduce((sum, bytes) => sum + bytes, 0);
    expect(total).toBeLessThan(pageBudgetBytes);
    // And the build's own count (every chunk, shipped or not) within the same budget.
    expect(ensureConsentPage().gzippedBytes).toBeLessThan(pageBudgetBytes);
    await page.context().close();
  });
});
