import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/**
 * The machine's Chromium (Debian `chromium`, installed by `.ci/run` when missing) with fake camera and
 * microphone fed from committed fixtures: the camera plays a face (or a room with no face), the
 * microphone reads the consent phrase. Free of vitest, so the benchmark launches the same browser.
 */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const fixture = (path: string) => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));

export type Camera = 'face' | 'no-face';

export const launchBrowser = (camera: Camera = 'face'): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${fixture(`browser/${camera}.y4m`)}`,
      `--use-file-for-fake-audio-capture=${fixture('evidence/phrase.wav')}`,
    ],
  });

/** The person's phone: a fresh context (no cache) with a 360x740 screen, speaking from `ip`. */
export const phoneContext = (browser: Browser, ip: string, locale = 'pt-BR') =>
  browser.newContext({
    viewport: { width: 360, height: 740 },
    locale,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });
