import { describe, expect, it } from 'vitest';
import type { ServiceError } from '../../../shared/domain/errors';
import type { RequestHead } from '../../../functions/relay/request-head';
import { routeOf } from '../../../functions/relay/routing';

const head = (target: string, headers: Record<string, string> = {}, method = 'GET'): RequestHead => ({
  method,
  target,
  headers: new Map(Object.entries(headers)),
});
const refusal = (request: RequestHead) => {
  try {
    routeOf(request);
  } catch (error) {
    return (error as ServiceError).code;
  }
  return 'routed';
};
const position = '01K00000000000000000000001';

describe('the relay’s routes', () => {
  it('name the account’s stream with its ticket, the person’s stream with its link, and the health check', () => {
    expect(routeOf(head('/accounts/acc_1/events?ticket=t%2B1'))).toEqual({
      kind: 'account',
      accountUid: 'acc_1',
      ticket: 't+1',
      resume: null,
    });
    expect(routeOf(head('/consent-requests/tok%5F1/events'))).toEqual({
      kind: 'person',
      token: 'tok_1',
      resume: null,
    });
    expect(routeOf(head('/health'))).toEqual({ kind: 'health' });
  });

  it('resume after the Last-Event-ID header, or the lastEventId parameter, when it is an event id', () => {
    expect(routeOf(head('/accounts/a/events', { 'last-event-id': position }))).toMatchObject({
      resume: position,
    });
    expect(routeOf(head(`/consent-requests/t/events?lastEventId=${position}`))).toMatchObject({
      resume: position,
    });
    expect(routeOf(head('/accounts/a/events', { 'last-event-id': 'not-an-id' }))).toMatchObject({
      resume: null,
    });
  });

  it('answer any other path or method 404, and a target or percent-encoding they cannot read 400', () => {
    expect(refusal(head('/nothing'))).toBe('NOT_FOUND');
    expect(refusal(head('/accounts/a/b/events'))).toBe('NOT_FOUND');
    expect(refusal(head('/accounts/a/events', {}, 'POST'))).toBe('NOT_FOUND');
    expect(refusal(head('/health', {}, 'DELETE'))).toBe('NOT_FOUND');
    expect(refusal(head('/accounts/%E0%A4%A/events'))).toBe('BAD_REQUEST');
    expect(refusal(head('/consent-requests/%/events'))).toBe('BAD_REQUEST');
    expect(refusal(head('http://[::1/health'))).toBe('BAD_REQUEST');
  });
});
