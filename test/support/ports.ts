import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port handed out: above the well-known and most services' own. */
const LOWEST = 10_000;

/**
 * Where the OS's ephemeral ports start (Linux's `ip_local_port_range`; 32768 where it cannot be
 * read): the source ports of outgoing connections. A port the OS picks for `listen(0)` is one of
 * them too, so between that pick and the stack's own listen (seconds later, as it starts) any
 * connection of the machine could take it: a CI run lost its e2e tier to `EADDRINUSE` that way,
 * while the synthesis and the linters ran beside the tests.
 */
export const ephemeralStart = (rangeFile = '/proc/sys/net/ipv4/ip_local_port_range'): number => {
  try {
    const start = Number(readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > LOWEST + 1_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
};

/** Whether a port on loopback can be listened on right now. */
const listenable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The ports this process has handed out: never twice, though several are asked for at once. */
const handedOut = new Set<number>();

/**
 * A port free on loopback right now, below the ephemeral range (so no outgoing connection takes it
 * before its listener binds), chosen at random (so concurrent test processes seldom pick the same),
 * never one this process handed out before. Bounded: after 200 taken ports, it gives up.
 */
export const freePort = async (): Promise<number> => {
  const end = ephemeralStart();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = randomInt(LOWEST, end);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await listenable(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${end} after 200 tries`);
};
