import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const links = [...readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '');

describe('the README, the front door', () => {
  it('stays under 10 KB: the rest lives in docs/', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(10_000);
  });

  it('leads to every page of docs/, and every link it holds leads somewhere', () => {
    const pages = readdirSync('docs').filter((name) => name.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.filter((page) => !links.includes(`docs/${page}`))).toEqual([]);
    expect(links.length).toBeGreaterThan(pages.length);
    expect(links.filter((link) => !/^https?:/.test(link) && !existsSync(link))).toEqual([]);
  });
});
