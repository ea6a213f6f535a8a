import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { Operator } from '../../../shared/domain/operators/roster';
import { operatorReadOperation } from '../../../shared/http/operation';
import * as z from '../../../shared/validation/z';

const event = (query: Record<string, string> = {}) =>
  ({
    routeKey: 'GET /admin/things',
    headers: {},
    queryStringParameters: query,
  }) as unknown as APIGatewayProxyEventV2;
const member: Operator = { uid: 'opr_1', email: 'ana@example.com', role: 'operator' };

/** A roster read the test answers when it wants, and a journal of what happened in which order. */
const harness = (read: () => Promise<string> = async () => 'the page') => {
  const journal: string[] = [];
  let answerRoster: (operator: Operator | null) => void = () => undefined;
  const roster = new Promise<Operator | null>((resolve) => {
    answerRoster = (operator) => {
      journal.push('roster answered');
      resolve(operator);
    };
  });
  const operation = operatorReadOperation({
    query: z.object({ limit: z.optional(z.coerce.number().check(z.int(), z.lte(100))) }),
    read: async () => {
      journal.push('read started');
      return read();
    },
    audit: async (operator) => void journal.push(`audited ${operator.uid}`),
  });
  return {
    journal,
    answerRoster,
    serve: (query?: Record<string, string>) =>
      operation.serve(event(query), { caller: null, operator: roster, ip: '127.0.0.1' }),
  };
};

describe('a backoffice read', () => {
  it('reads the page while the roster is read, and answers a member once the read is audited', async () => {
    const { journal, answerRoster, serve } = harness();
    const answer = serve();
    await expect.poll(() => journal).toContain('read started');
    expect(journal).not.toContain('roster answered');
    answerRoster(member);
    const served = await answer;
    expect(served.statusCode).toBe(200);
    expect(JSON.parse(served.body!).data).toBe('the page');
    expect(journal).toEqual(['read started', 'roster answered', 'audited opr_1']);
  });

  it('gives no page to a token whose subject is on no roster (401), and records nothing', async () => {
    const { journal, answerRoster, serve } = harness();
    answerRoster(null);
    await expect(serve()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(journal.filter((line) => line.startsWith('audited'))).toEqual([]);
  });

  it('refuses a non-member (401) before judging the input', async () => {
    const { answerRoster, serve } = harness();
    answerRoster(null);
    await expect(serve({ limit: 'many' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers a member’s bad input with its error and records nothing', async () => {
    const { journal, answerRoster, serve } = harness();
    answerRoster(member);
    await expect(serve({ limit: 'many' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(journal).toEqual(['roster answered']);
  });

  it('records nothing when the read fails', async () => {
    const { journal, answerRoster, serve } = harness(() => Promise.reject(new Error('broken cursor')));
    answerRoster(member);
    await expect(serve()).rejects.toThrow('broken cursor');
    expect(journal).not.toContain('audited opr_1');
  });
});
