import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askedFamily } from '../e2e/support/consent';
import { byTestId, expectAccessible, launchBrowser, openLink, recordEvidence } from './support/browser';

/** A camera that films a room with nobody in it. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser('no-face');
});
afterAll(async () => browser?.close());

describe('the consent page: a selfie without a face', () => {
  it('says no face was seen, in words, and lets the person take another', async () => {
    const family = await askedFamily();
    const page = await openLink(browser, family.linkToken);
    await recordEvidence(page);
    await byTestId(page, 'evidence-submit').click();
    await expect
      .poll(() => byTestId(page, 'evidence-error').getAttribute('data-code'), { timeout: 30_000 })
      .toBe('SELFIE_NO_FACE');
    const text = await byTestId(page, 'evidence-error').innerText();
    expect(text).toContain('rosto');
    expect(text).not.toContain('SELFIE_NO_FACE');
    await expectAccessible(page);
    await byTestId(page, 'selfie-retake').click();
    await expect.poll(() => byTestId(page, 'selfie-capture').isEnabled(), { timeout: 10_000 }).toBe(true);
  });
});
