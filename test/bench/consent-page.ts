import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { ensureConsentPage, pageBudgetBytes } from '../../web/consent-page/build';
import { launchBrowser, phoneContext } from '../browser/support/chromium';
import { newAccountWithOwner } from '../support/family';
import { validDependent } from '../support/fixtures';
import { accessToken } from './access-token';
import { benchLocalStack } from './bench-stack';
import { benchCount } from './counts';

/**
 * `npm run bench`, its consent-page part: in the machine's Chromium against the local stack,
 * the time from a link's navigation start to the frame where the intro is on screen, each load in a
 * fresh browser context (no cache, as the person opening the link for the first time); the median of
 * `BENCH_PAGE_LOADS` loads (default 10) after `BENCH_PAGE_WARMUP` loads not counted (default 1: the
 * stack's first request pays its own start-up, which is not the page's). Also what those loads
 * downloaded before the intro showed, and the build's weight.
 */
const loads = benchCount('BENCH_PAGE_LOADS', 10, 1);
const warmup = benchCount('BENCH_PAGE_WARMUP', 1, 0);
const firstScreenBudgetMs = 1_000;

const build = ensureConsentPage();
const stack = await benchLocalStack({ TABLE_NAME: 'bench-consent-page' });
const table = createTableAccess({
  tableName: stack.tableName,
  region: 'sa-east-1',
  endpoint: stack.dynamoEndpoint,
});

// --- A family that asked its person: the account written directly, the rest through the API.
const { account, owner } = newAccountWithOwner(cryptoIds(), new Date());
await dynamoFamilyStore(table).createAccount(account, owner, []);
const bearer = `Bearer ${await accessToken(owner.userUid)}`;
const api = async (method: string, path: string, body?: unknown) => {
  const answer = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { authorization: bearer, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.7' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
  return text === '' ? null : (JSON.parse(text) as { data: Record<string, any> }); // eslint-disable-line @typescript-eslint/no-explicit-any -- the bench reads two known fields
};
const seatUid = (await api('POST', `/accounts/${account.uid}/seats`))?.data['uid'] as string;
await api('PUT', `/seats/${seatUid}/dependent`, validDependent);
const link = (await api('POST', `/seats/${seatUid}/consent-request`, { send: 'now' }))?.data['seat'].consent
  .link as string;
const linkToken = link.split('/c/')[1] ?? '';

// --- The loads.
const browser = await launchBrowser('face');
const samples: number[] = [];
const downloaded = new Set<string>();
for (let load = 0; load < warmup + loads; load += 1) {
  // Each load from an address of its own, so the person's per-address budget never answers first.
  const context = await phoneContext(browser, `2001:db8:cafe:${load.toString(16)}::1`);
  const page = await context.newPage();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/assets/')) downloaded.add(path);
  });
  await page.goto(`${stack.webUrl}/c/${linkToken}`);
  const rendered = await page.waitForFunction(
    // Runs in the page, by the page's own clock (this file is compiled without the DOM's types).
    () =>
      (
        globalThis as unknown as { document: { querySelector(selector: string): unknown } }
      ).document.querySelector('[data-testid="consent-intro"]') !== null && performance.now(),
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
  if (load >= warmup) samples.push(Number(await rendered.jsonValue()));
  await context.close();
}
await browser.close();
await stack.stop();

const sorted = [...samples].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const row = {
  loads,
  'median ms': Math.round(median),
  'min ms': Math.round(sorted[0] ?? NaN),
  'max ms': Math.round(sorted.at(-1) ?? NaN),
  target: `median < ${firstScreenBudgetMs}`,
  met: median < firstScreenBudgetMs,
};
const weight = {
  'whole build KB gz': kb(build.gzippedBytes),
  'first screen KB gz': kb(build.firstScreenBytes),
  target: `whole build < ${kb(pageBudgetBytes)}`,
  'assets before the intro': [...downloaded].sort().join(' '),
};
console.log(
  `\nConsent page, first screen (navigation start to the intro on screen), Chromium headless, local stack; ${warmup} warm-up load(s) not counted`,
);
console.table([row]);
console.table([weight]);
const loadAverage = loadavg()[0]?.toFixed(2);
console.log(`1-minute load average of the machine at the end: ${loadAverage}`);
mkdirSync(resolve('.bench'), { recursive: true });
writeFileSync(
  resolve('.bench', 'consent-page.json'),
  JSON.stringify({ row, samples, weight, loadAverage }, null, 2),
);
process.exit(0);
