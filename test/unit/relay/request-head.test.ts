import { describe, expect, it } from 'vitest';
import { parseRequestHead } from '../../../functions/relay/request-head';

describe('the relay’s request head', () => {
  it('reads the method, the target and the headers, names in lower case and repeats joined', () => {
    const head = parseRequestHead(
      'GET /accounts/acc_1/events?ticket=t HTTP/1.1\r\nHost: relay\r\nX-Forwarded-For: 203.0.113.7\r\nx-forwarded-for: 10.0.0.1\r\nLast-Event-ID:  01K00000000000000000000001 ',
    );
    expect(head?.method).toBe('GET');
    expect(head?.target).toBe('/accounts/acc_1/events?ticket=t');
    expect(head?.headers.get('last-event-id')).toBe('01K00000000000000000000001');
    expect(head?.headers.get('x-forwarded-for')).toBe('203.0.113.7, 10.0.0.1');
  });

  it('refuses a request line or header it cannot read, folded headers, and any body', () => {
    expect(parseRequestHead('GET /health')).toBeNull();
    expect(parseRequestHead('GET /health HTTP/2.0')).toBeNull();
    expect(parseRequestHead('get /health HTTP/1.1')).toBeNull();
    expect(parseRequestHead('GET /health HTTP/1.1\r\nno colon here')).toBeNull();
    expect(parseRequestHead('GET /health HTTP/1.1\r\nx-a: 1\r\n folded')).toBeNull();
    expect(parseRequestHead('GET /health HTTP/1.1\r\nbad name: 1')).toBeNull();
    expect(parseRequestHead('GET /health HTTP/1.1\r\ncontent-length: 5')).toBeNull();
    expect(parseRequestHead('GET /health HTTP/1.1\r\ntransfer-encoding: chunked')).toBeNull();
    expect(parseRequestHead('GET /health HTTP/1.1\r\ncontent-length: 0')?.method).toBe('GET');
  });
});
