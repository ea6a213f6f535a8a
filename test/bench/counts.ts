/**
 * Whether this part runs in the smoke pass (`npm run bench:smoke`, CI): small counts, so a change
 * that breaks a part fails fast, and no figure judged.
 */
export const smokePass = process.env['BENCH_SMOKE'] === '1';

/**
 * A part's count: its variable when set, else the full bench's default, or the smoke pass's small
 * one under `BENCH_SMOKE=1`.
 */
export const benchCount = (variable: string, full: number, smoke: number): number =>
  Number(process.env[variable] ?? (smokePass ? smoke : full));
