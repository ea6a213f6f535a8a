import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';

/**
 * One piece of the local stack (DynamoDB Local, the API, and later the gateway, queues, workers,
 * stream poller, scheduler, relay, web page and simulators). `npm start` starts the parts in order,
 * prints their URLs, says `ready`, and stops them in reverse order.
 */
export interface StartedPart {
  urls: { label: string; url: string }[];
  /** A child process whose unexpected exit must bring the whole stack down. */
  child?: ChildProcess;
  stop(): Promise<void>;
}

export interface LocalPart {
  name: string;
  start(): Promise<StartedPart>;
}

/** Stops a part's HTTP server: no new connections, and open keep-alive ones closed at once. */
export const closeServer = (server: Server): Promise<void> =>
  new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
