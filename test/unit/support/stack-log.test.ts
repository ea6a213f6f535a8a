import { appendFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stackLogLines, useStack } from '../../e2e/support/stack';

const stackWithLog = (logFile: string) => ({
  apiUrl: '',
  dynamoEndpoint: '',
  businessProviderUrl: '',
  supplierUrl: '',
  gatewayUrl: '',
  sqsEndpoint: '',
  sessionProviderUrl: '',
  relayUrl: '',
  webUrl: '',
  tableName: '',
  logFile,
});

describe('the stack’s log, read as it grows', () => {
  it('finds each line by its name once it is whole, however the writes cut it, and reads each byte once', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'stack-log-')), 'stack.log');
    await writeFile(file, 'ready on http://127.0.0.1:1\n{"level":"INFO","message":"seat.saved","n":1}\n');
    useStack(stackWithLog(file));
    expect(await stackLogLines('seat.saved')).toEqual([{ level: 'INFO', message: 'seat.saved', n: 1 }]);

    // A line cut in the middle of a two-byte character: nothing of it until its newline comes.
    const line = Buffer.from('{"msg":"otp.dev_delivery","email":"joão@example.com"}\n', 'utf8');
    const cut = line.indexOf(Buffer.from('ã', 'utf8')) + 1;
    await appendFile(file, line.subarray(0, cut));
    expect(await stackLogLines('otp.dev_delivery')).toEqual([]);
    await appendFile(file, line.subarray(cut));
    await appendFile(
      file,
      '{ not json "message":"seat.saved"\n{"level":"INFO","message":"seat.saved","n":2}\n',
    );
    expect(await stackLogLines('otp.dev_delivery')).toEqual([
      { msg: 'otp.dev_delivery', email: 'joão@example.com' },
    ]);
    expect(await stackLogLines<{ n: number }>('seat.saved')).toEqual([
      expect.objectContaining({ n: 1 }),
      expect.objectContaining({ n: 2 }),
    ]);
    expect(await stackLogLines('nothing.of.the.kind')).toEqual([]);
  });
});
