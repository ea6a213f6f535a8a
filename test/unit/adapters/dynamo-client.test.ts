import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addTableClientPlugin,
  createTableAccess,
  sameClientFor,
} from '../../../shared/adapters/dynamo/client';

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

describe('another table through the same client', () => {
  it('shares the client and carries the plugins for that table too, once however often it is asked for', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    // A plugin that refuses every call on its table (as the local stack's guard refuses one not granted).
    const refusals: string[] = [];
    const remove = addTableClientPlugin((tableName) => ({
      applyToStack: (stack) =>
        stack.add(
          (next, context) => async (args) => {
            if ((args.input as { TableName?: string }).TableName === tableName) {
              refusals.push(`${context.commandName ?? ''} ${tableName}`);
              throw new Error(`refused on ${tableName}`);
            }
            return next(args);
          },
          { step: 'initialize', name: `refuse ${tableName}` },
        ),
    }));
    try {
      const domain = createTableAccess({
        tableName: 'domain',
        region: 'sa-east-1',
        endpoint: 'http://127.0.0.1:9',
      });
      const keys = sameClientFor(domain, 'domain-seat-keys');
      expect(sameClientFor(domain, 'domain-seat-keys').doc).toBe(domain.doc);
      expect(keys).toEqual({ doc: domain.doc, tableName: 'domain-seat-keys' });
      for (const table of [domain, keys])
        await expect(
          table.doc.send(new GetCommand({ TableName: table.tableName, Key: { PK: 'P', SK: 'S' } })),
        ).rejects.toThrow(`refused on ${table.tableName}`);
      expect(refusals).toEqual(['GetItemCommand domain', 'GetItemCommand domain-seat-keys']);
      domain.doc.destroy();
    } finally {
      remove();
    }
  });
});
