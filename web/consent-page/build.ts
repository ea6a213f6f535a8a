import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/**
 * The consent page's build (Vite): `index.html` and its hashed assets under `dist/assets/`, the
 * static folder S3 serves (CloudFront) and the local stack's web server serves (`WEB_PORT`).
 * Run by `npm run build:page`, and through `ensureConsentPage` by `npm start` and `cdk synth`
 * when the build is missing or stale.
 */
export const pageSource = fileURLToPath(new URL('.', import.meta.url));
export const pageBuild = join(pageSource, 'dist');
const thisScript = fileURLToPath(import.meta.url);

/** What the person downloads, JavaScript and CSS gzipped, must stay under this (consent-page budget). */
export const pageBudgetBytes = 60 * 1024;

const newestSource = (folder: string): number =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.name !== 'dist' && entry.name !== 'node_modules')
    .reduce((newest, entry) => {
      const path = join(folder, entry.name);
      return Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
    }, 0);

const stamp = join(pageBuild, 'build.json');

/** Whether `dist/` is missing or older than a source file (or the page's packages). */
export const pageBuildIsStale = (): boolean =>
  !existsSync(stamp) ||
  statSync(stamp).mtimeMs <
    Math.max(newestSource(pageSource), statSync(join(pageSource, '../../package-lock.json')).mtimeMs);

export interface PageBuild {
  folder: string;
  /** Every JavaScript and CSS file of the build, gzipped (the chunks loaded later included). */
  gzippedBytes: number;
  /** What the first screen loads, gzipped: the entry, its static imports and the stylesheet. */
  firstScreenBytes: number;
}

const gzipped = (file: string) => gzipSync(readFileSync(join(pageBuild, file)), { level: 9 }).length;

export const buildConsentPage = async (): Promise<PageBuild> => {
  await build({
    configFile: false,
    root: pageSource,
    base: '/',
    logLevel: 'error',
    // Preact's automatic JSX runtime, through Vite's own transformer (no plugin).
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      outDir: pageBuild,
      emptyOutDir: true,
      target: ['chrome109', 'safari16', 'firefox115'],
      // The browsers above preload modules natively; the polyfill would only add weight.
      modulePreload: { polyfill: false },
      manifest: 'manifest.json',
      reportCompressedSize: false,
    },
  });
  const manifest = JSON.parse(readFileSync(join(pageBuild, 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
  >;
  const assets = readdirSync(join(pageBuild, 'assets')).filter((file) => /\.(js|css)$/.test(file));
  const gzippedBytes = assets
    .map((file) => gzipped(join('assets', file)))
    .reduce((sum, bytes) => sum + bytes, 0);
  const firstScreen = new Set<string>();
  const load = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || firstScreen.has(chunk.file)) return;
    firstScreen.add(chunk.file);
    chunk.css?.forEach((css) => firstScreen.add(css));
    chunk.imports?.forEach(load);
  };
  Object.keys(manifest)
    .filter((key) => manifest[key]?.isEntry === true)
    .forEach(load);
  const firstScreenBytes = [...firstScreen].map(gzipped).reduce((sum, bytes) => sum + bytes, 0);
  if (gzippedBytes > pageBudgetBytes) {
    throw new Error(`the consent page weighs ${gzippedBytes} bytes gzipped, over its ${pageBudgetBytes}`);
  }
  const built = { gzippedBytes, firstScreenBytes };
  writeFileSync(stamp, JSON.stringify(built));
  return { folder: pageBuild, ...built };
};

/**
 * The build, made again only when a source changed since the last one. Synchronous, for CDK's
 * constructors: a stale build runs this script in a child process (Vite's build is asynchronous).
 */
export const ensureConsentPage = (): PageBuild => {
  if (pageBuildIsStale()) {
    execFileSync(process.execPath, ['--import', 'tsx', thisScript], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return { folder: pageBuild, ...(JSON.parse(readFileSync(stamp, 'utf8')) as Omit<PageBuild, 'folder'>) };
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] === thisScript) {
  const { folder, gzippedBytes, firstScreenBytes } = await buildConsentPage();
  process.stdout.write(
    `consent page built in ${folder}: ${kb(gzippedBytes)} gzipped (JS + CSS, of which the first screen loads ${kb(firstScreenBytes)})\n`,
  );
}
