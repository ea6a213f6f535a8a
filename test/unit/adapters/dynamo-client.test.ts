import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTableAccess } from '../../../shared/adapters/dynamo/client';

afterEach(() => vi.unstubAllEnvs());

describe('the table client under many calls at once', () => {
  it('gives every call its own connection at once: none waits in a pool (where its connect timeout runs)', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    const calls = 60;
    const held: (() => void)[] = [];
    let mostAtOnce = 0;
    // A table endpoint on loopback that answers nothing until every call is in (or 2.5 s passed).
    const server = createServer((request, response) => {
      request.resume();
      const answer = () =>
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}');
      held.push(answer);
      mostAtOnce = Math.max(mostAtOnce, held.length);
      if (held.length === calls) held.splice(0).forEach((send) => send());
      else
        setTimeout(() => {
          const waiting = held.indexOf(answer);
          if (waiting >= 0) held.splice(waiting, 1).forEach((send) => send());
        }, 2_500);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const table = createTableAccess({
      tableName: 't',
      region: 'sa-east-1',
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    try {
      await Promise.all(
        Array.from({ length: calls }, (_, index) =>
          table.doc.send(new GetCommand({ TableName: 't', Key: { PK: `P${index}`, SK: 'S' } })),
        ),
      );
      expect(mostAtOnce).toBe(calls);
    } finally {
      table.doc.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
