import { buildSync } from 'esbuild';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The consent page's build: one ES module and one stylesheet under `dist/assets/`, and `index.html`,
 * the static folder S3 serves (CloudFront) and the local stack's web server serves (`WEB_PORT`).
 * Run by `npm start` when the build is missing or stale, by `cdk synth`, and by `npm run build:page`.
 */
export const pageSource = fileURLToPath(new URL('.', import.meta.url));
export const pageBuild = join(pageSource, 'dist');

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
  /** JavaScript and CSS, gzipped. */
  gzippedBytes: number;
}

export const buildConsentPage = (): PageBuild => {
  rmSync(pageBuild, { recursive: true, force: true });
  mkdirSync(join(pageBuild, 'assets'), { recursive: true });
  buildSync({
    entryPoints: {
      page: join(pageSource, 'src/main.tsx'),
      'page-styles': join(pageSource, 'src/styles.css'),
    },
    outdir: join(pageBuild, 'assets'),
    entryNames: '[name]',
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['chrome109', 'safari16', 'firefox115'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: join(pageSource, 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'error',
  });
  // One stylesheet name for the page (esbuild names a CSS entry after its entry key).
  copyFileSync(join(pageBuild, 'assets/page-styles.css'), join(pageBuild, 'assets/page.css'));
  rmSync(join(pageBuild, 'assets/page-styles.css'));
  rmSync(join(pageBuild, 'assets/page-styles.js'), { force: true });
  copyFileSync(join(pageSource, 'index.html'), join(pageBuild, 'index.html'));
  const gzippedBytes = readdirSync(join(pageBuild, 'assets'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => gzipSync(readFileSync(join(pageBuild, 'assets', file)), { level: 9 }).length)
    .reduce((sum, bytes) => sum + bytes, 0);
  if (gzippedBytes > pageBudgetBytes) {
    throw new Error(`the consent page weighs ${gzippedBytes} bytes gzipped, over its ${pageBudgetBytes}`);
  }
  writeFileSync(stamp, JSON.stringify({ gzippedBytes }));
  return { folder: pageBuild, gzippedBytes };
};

/** The build, made again only when a source changed since the last one. */
export const ensureConsentPage = (): PageBuild =>
  pageBuildIsStale()
    ? buildConsentPage()
    : { folder: pageBuild, ...(JSON.parse(readFileSync(stamp, 'utf8')) as { gzippedBytes: number }) };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { folder, gzippedBytes } = buildConsentPage();
  process.stdout.write(
    `consent page built in ${folder}: ${(gzippedBytes / 1024).toFixed(1)} KB gzipped (JS + CSS)\n`,
  );
}
