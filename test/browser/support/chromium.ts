import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { lazy } from '../../../shared/lazy';

/**
 * Which Chromium the browser tier drives: `CHROMIUM_PATH` when set; else the machine's own (Debian's
 * `chromium`) when there is one; else the Chromium that `@sparticuz/chromium` ships inside its npm
 * package, inflated into the temp folder on first use (never downloaded), with the few libraries it
 * needs (NSS, expat) from the same package, so a fresh machine needs no system package.
 * `CHROMIUM_PACKAGED=1` takes the packaged one even where the machine has its own.
 */
export interface ChromiumInstall {
  executablePath: string;
  /** What the browser's process needs in its environment (the packaged one's libraries and fonts). */
  env: Record<string, string>;
  source: 'configured' | 'machine' | 'packaged';
}

const machineChromium = '/usr/bin/chromium';

export const packagedChromium = lazy(async (): Promise<ChromiumInstall> => {
  const { default: Chromium, inflate } = await import('@sparticuz/chromium');
  const executablePath = await Chromium.executablePath();
  const bin = fileURLToPath(new URL('../bin/', import.meta.resolve('@sparticuz/chromium')));
  const libraries = join(await inflate(join(bin, 'al2023.tar.br')), 'lib');
  const inherited = process.env['LD_LIBRARY_PATH'];
  return {
    executablePath,
    env: {
      LD_LIBRARY_PATH: inherited === undefined ? libraries : `${libraries}:${inherited}`,
      FONTCONFIG_PATH: join(tmpdir(), 'fonts'),
    },
    source: 'packaged',
  };
});

export const chromiumInstall = (): Promise<ChromiumInstall> => {
  const configured = process.env['CHROMIUM_PATH'];
  if (configured !== undefined && configured !== '')
    return Promise.resolve({ executablePath: configured, env: {}, source: 'configured' });
  if (process.env['CHROMIUM_PACKAGED'] !== '1' && existsSync(machineChromium))
    return Promise.resolve({ executablePath: machineChromium, env: {}, source: 'machine' });
  return packagedChromium();
};

const fixture = (path: string) => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));

export type Camera = 'face' | 'no-face';

/**
 * Chromium with fake camera and microphone fed from committed fixtures: the camera plays a face (or
 * a room with no face), the microphone reads the consent phrase. Free of vitest, so the benchmark
 * launches the same browser.
 */
export const launchBrowser = async (
  camera: Camera = 'face',
  install: ChromiumInstall | Promise<ChromiumInstall> = chromiumInstall(),
): Promise<Browser> => {
  const { executablePath, env } = await install;
  return chromium.launch({
    executablePath,
    env: { ...stringEnv(process.env), ...env },
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
};

const stringEnv = (env: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])),
  );

/** The person's phone: a fresh context (no cache) with a 360x740 screen, speaking from `ip`. */
export const phoneContext = (browser: Browser, ip: string, locale = 'pt-BR') =>
  browser.newContext({
    viewport: { width: 360, height: 740 },
    locale,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });
