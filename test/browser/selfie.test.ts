import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueIp } from '../e2e/support/api';
import { askedFamily } from '../e2e/support/consent';
import { byTestId, expectAccessible, launchBrowser, openLink, recordEvidence } from './support/browser';
import { phoneContext } from './support/chromium';

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

describe('the consent page: a camera slow to show its first frame', () => {
  it('keeps "take the selfie" off until the first frame is on screen, then takes it', async () => {
    const family = await askedFamily();
    const context = await phoneContext(browser, uniqueIp());
    // A camera that opens at once but draws its first frame only when told to (a slow phone).
    await context.addInitScript({
      content: `
        const media = navigator.mediaDevices;
        const open = media.getUserMedia.bind(media);
        media.getUserMedia = async (constraints) => {
          if (!constraints || !constraints.video) return open(constraints);
          const canvas = document.createElement('canvas');
          canvas.width = 320;
          canvas.height = 240;
          const drawing = canvas.getContext('2d');
          const stream = canvas.captureStream(0);
          window.firstFrame = () => {
            drawing.fillStyle = '#808080';
            drawing.fillRect(0, 0, 320, 240);
            stream.getVideoTracks()[0].requestFrame();
          };
          return stream;
        };
      `,
    });
    const page = await context.newPage();
    await page.goto(`${inject('webUrl')}/c/${family.linkToken}`);
    await byTestId(page, 'consent-intro').getByRole('button').click();
    await expect
      .poll(() => page.evaluate('typeof window.firstFrame === "function"'), { timeout: 10_000 })
      .toBe(true);
    // The stream is open, nothing is drawn yet: a capture now would take nothing.
    expect(await byTestId(page, 'selfie-capture').isEnabled()).toBe(false);
    await page.evaluate('window.firstFrame()');
    await expect.poll(() => byTestId(page, 'selfie-capture').isEnabled(), { timeout: 10_000 }).toBe(true);
    await byTestId(page, 'selfie-capture').click();
    await expect.poll(() => byTestId(page, 'audio-record').isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });
});
