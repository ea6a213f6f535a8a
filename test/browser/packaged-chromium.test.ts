import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, packagedChromium } from './support/browser';

/**
 * A machine without a Chromium of its own runs the browser tier on the one an npm package ships:
 * it must launch here, from the package alone, and give the page a camera and a microphone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser('face', packagedChromium());
});
afterAll(async () => browser?.close());

describe('the Chromium shipped inside an npm package', () => {
  it('launches headless with the fake camera and microphone the consent page records from', async () => {
    expect((await packagedChromium()).source).toBe('packaged');
    const page = await browser.newPage();
    // A page of our own origin: media capture needs a secure context, and loopback is one.
    await page.goto(inject('webUrl'));
    // Run in the page (this file has no DOM types): the tracks a getUserMedia call gets.
    const tracks = await page.evaluate<string[]>(`(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      const kinds = stream.getTracks().map((track) => track.kind + ':' + track.readyState);
      stream.getTracks().forEach((track) => track.stop());
      return kinds.sort();
    })()`);
    expect(tracks).toEqual(['audio:live', 'video:live']);
  });
});
