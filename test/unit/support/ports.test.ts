import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ephemeralStart, freePort } from '../../support/ports';

describe('the ports the test stacks listen on', () => {
  it('are below the ephemeral range, free, and never handed out twice, though asked for at once', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    const end = ephemeralStart();
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(end);
    }
    // Each can be listened on: the first of them, here.
    const server = createServer();
    await new Promise<void>((listening) => server.listen(ports[0], '127.0.0.1', listening));
    await new Promise((closed) => server.close(closed));
  });

  it("read where the OS's ephemeral ports start, and 32768 where that cannot be read", () => {
    const dir = mkdtempSync(join(tmpdir(), 'ports-'));
    writeFileSync(join(dir, 'range'), '40000\t60999\n');
    expect(ephemeralStart(join(dir, 'range'))).toBe(40_000);
    writeFileSync(join(dir, 'low'), '1024 65535\n');
    expect(ephemeralStart(join(dir, 'low'))).toBe(32_768);
    expect(ephemeralStart(join(dir, 'missing'))).toBe(32_768);
  });
});
