import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { MessageFailed, queueWorker } from '../../../functions/workers/queue-worker';
import { ProviderRefused } from '../../../shared/ports/session-provider';
import * as z from '../../../shared/validation/z';

/** The lines a worker logs, by name. */
const recordingLogger = () => {
  const lines: { level: string; name: string; fields: unknown }[] = [];
  return {
    lines,
    logger: {
      info: (name: string, fields: unknown) => void lines.push({ level: 'info', name, fields }),
      warn: (name: string, fields: unknown) => void lines.push({ level: 'warn', name, fields }),
    },
  };
};

const record = (messageId: string, body: string, groupId?: string): SQSRecord => ({
  messageId,
  receiptHandle: messageId,
  body,
  attributes: {
    ApproximateReceiveCount: '1',
    SentTimestamp: '0',
    SenderId: 'test',
    ApproximateFirstReceiveTimestamp: '0',
    ...(groupId === undefined ? {} : { MessageGroupId: groupId }),
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:sa-east-1:000000000000:test',
  awsRegion: 'sa-east-1',
});

const context = { functionName: 'test', getRemainingTimeInMillis: () => 60_000 } as unknown as Context;

const invoke = (handler: (event: SQSEvent, context: Context) => Promise<unknown>, records: SQSRecord[]) =>
  handler({ Records: records }, context) as Promise<SQSBatchResponse>;

const failed = (response: SQSBatchResponse) => response.batchItemFailures.map((one) => one.itemIdentifier);

const greeting = z.object({ to: z.string() });

/** A gate a test opens when it wants a message's use case to go on. */
const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('a queue worker', () => {
  it('runs its use case on each message and logs the outcome with what names the message', async () => {
    const { lines, logger } = recordingLogger();
    const greeted: string[] = [];
    const handler = queueWorker(logger, {
      log: 'greeting',
      body: greeting,
      about: (message) => ({ to: message.to }),
      run: async (message) => {
        greeted.push(message.to);
        return { outcome: 'sent' };
      },
    });
    const response = await invoke(handler, [record('m1', '{"to":"ana"}')]);
    expect(failed(response)).toEqual([]);
    expect(greeted).toEqual(['ana']);
    expect(lines).toEqual([
      { level: 'info', name: 'greeting.handled', fields: { to: 'ana', outcome: 'sent' } },
    ]);
  });

  it('drops a body that is not JSON of its schema, logging its message id only', async () => {
    const { lines, logger } = recordingLogger();
    const handler = queueWorker(logger, {
      log: 'greeting',
      body: greeting,
      run: async () => ({ outcome: 'sent' }),
    });
    const response = await invoke(handler, [
      record('m1', 'not json: secret text'),
      record('m2', '{"from":"secret text"}'),
    ]);
    expect(failed(response)).toEqual([]);
    expect(lines).toEqual([
      { level: 'warn', name: 'greeting.dropped', fields: { messageId: 'm1' } },
      { level: 'warn', name: 'greeting.dropped', fields: { messageId: 'm2' } },
    ]);
  });

  it('reports a message whose use case failed, logged with its stable cause and never the error’s message', async () => {
    const { lines, logger } = recordingLogger();
    const handler = queueWorker(logger, {
      log: 'greeting',
      body: greeting,
      run: async (message) => {
        if (message.to === 'ana') throw new ProviderRefused(503);
        return { outcome: 'sent' };
      },
    });
    const response = await invoke(handler, [record('m1', '{"to":"ana"}'), record('m2', '{"to":"bia"}')]);
    expect(failed(response)).toEqual(['m1']);
    expect(lines).toContainEqual({
      level: 'warn',
      name: 'greeting.failed',
      fields: { messageId: 'm1', cause: 'status_503' },
    });
    expect(lines).toContainEqual({
      level: 'info',
      name: 'greeting.handled',
      fields: { messageId: 'm2', outcome: 'sent' },
    });
    expect(JSON.stringify(lines)).not.toContain('answered');
  });

  it('reports a failure its use case logged itself without a second line', async () => {
    const { lines, logger } = recordingLogger();
    const handler = queueWorker(logger, {
      log: 'greeting',
      body: greeting,
      run: async (message) => {
        if (message.to === 'bia') return null;
        logger.warn('greeting.refused', { cause: 'closed' });
        throw new MessageFailed('closed');
      },
    });
    const response = await invoke(handler, [record('m1', '{"to":"ana"}'), record('m2', '{"to":"bia"}')]);
    expect(failed(response)).toEqual(['m1']);
    expect(lines.map((line) => line.name)).toEqual(['greeting.refused']);
  });

  it('names a line as operators already know it', async () => {
    const { lines, logger } = recordingLogger();
    const handler = queueWorker(logger, {
      log: 'greeting',
      lines: { handled: 'greeting.done' },
      body: greeting,
      run: async () => ({}),
    });
    await invoke(handler, [record('m1', '{"to":"ana"}')]);
    expect(lines.map((line) => line.name)).toEqual(['greeting.done']);
  });

  it('on a FIFO queue, holds back the rest of a failed message’s group, never another group', async () => {
    const { logger } = recordingLogger();
    const handled: string[] = [];
    const handler = queueWorker(logger, {
      log: 'greeting',
      fifo: true,
      body: 'text',
      run: async (text, one) => {
        if (text === 'fail') throw new Error('boom');
        handled.push(one.messageId);
        return {};
      },
    });
    const response = await invoke(handler, [
      record('a1', 'fail', 'a'),
      record('b1', 'ok', 'b'),
      record('a2', 'ok', 'a'),
      record('b2', 'ok', 'b'),
    ]);
    expect(failed(response)).toEqual(['a1', 'a2']);
    expect(handled).toEqual(['b1', 'b2']);
  });

  it('reports each of two invocations at once its own failures (the local stack polls a FIFO queue by several passes in one process)', async () => {
    const { logger } = recordingLogger();
    const gates: Record<string, ReturnType<typeof gate>> = { a1: gate(), b1: gate() };
    const handler = queueWorker(logger, {
      log: 'greeting',
      fifo: true,
      body: 'text',
      run: async (text, one) => {
        await gates[one.messageId]?.opened;
        if (text === 'fail') throw new Error('refused');
        return {};
      },
    });
    const first = invoke(handler, [record('a1', 'fail', 'a'), record('c1', 'ok', 'c')]);
    const second = invoke(handler, [record('b1', 'ok', 'b')]);
    gates['a1']?.open();
    const firstResponse = await first;
    gates['b1']?.open();
    const secondResponse = await second;
    expect(failed(firstResponse)).toEqual(['a1']);
    expect(failed(secondResponse)).toEqual([]);
  });
});
