import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../shared/config/config';
import {
  addressBlock,
  apiClientIp,
  apiGatewaySender,
  clientIp,
  clientIpTrust,
  loadBalancedSender,
  viewerAddress,
} from '../../../shared/http/client-ip';

const secret = 'cloudfront-origin-secret-value';
const edge = clientIpTrust(
  { STAGE: 'prod', CLIENT_IP_SOURCE: 'edge', CLOUDFRONT_ORIGIN_HEADER: undefined },
  undefined,
);
const behindCloudFront = clientIpTrust(
  { STAGE: 'prod', CLIENT_IP_SOURCE: 'edge', CLOUDFRONT_ORIGIN_HEADER: 'X-Origin-Verify' },
  secret,
);
const local = clientIpTrust(
  { STAGE: 'local', CLIENT_IP_SOURCE: 'forwarded-for-first', CLOUDFRONT_ORIGIN_HEADER: undefined },
  undefined,
);

const apiEvent = (headers: Record<string, string>, sourceIp = '198.51.100.9'): APIGatewayProxyEventV2 =>
  ({
    headers,
    requestContext: { http: { method: 'POST', path: '/', protocol: 'HTTP/1.1', sourceIp, userAgent: '' } },
  }) as unknown as APIGatewayProxyEventV2;
const fromApi = (headers: Record<string, string>, trust = edge) =>
  clientIp(apiGatewaySender(apiEvent(headers)), trust);

describe('the client address at the API (edge)', () => {
  it('is API Gateway’s source address, whatever X-Forwarded-For the caller wrote', () => {
    expect(fromApi({})).toBe('198.51.100.9');
    expect(fromApi({ 'x-forwarded-for': '203.0.113.1' })).toBe('198.51.100.9');
    expect(fromApi({ 'x-forwarded-for': '203.0.113.1, 198.51.100.9' })).toBe('198.51.100.9');
  });

  it('is CloudFront’s viewer address when the request carries CloudFront’s secret origin header', () => {
    const headers = { 'x-origin-verify': secret, 'x-forwarded-for': '203.0.113.1' };
    expect(fromApi({ ...headers, 'cloudfront-viewer-address': '192.0.2.44:51234' }, behindCloudFront)).toBe(
      '192.0.2.44',
    );
    expect(
      fromApi(
        { ...headers, 'cloudfront-viewer-address': '2001:db8:85a3::8a2e:370:7334:443' },
        behindCloudFront,
      ),
    ).toBe('2001:db8:85a3:0::/64');
  });

  it('ignores a viewer address without the secret, with a wrong one, or when no CloudFront is configured', () => {
    const viewer = { 'cloudfront-viewer-address': '192.0.2.44:51234' };
    expect(fromApi(viewer, behindCloudFront)).toBe('198.51.100.9');
    expect(fromApi({ ...viewer, 'x-origin-verify': 'guessed-value-of-the-secret' }, behindCloudFront)).toBe(
      '198.51.100.9',
    );
    expect(fromApi({ ...viewer, 'x-origin-verify': `${secret}x` }, behindCloudFront)).toBe('198.51.100.9');
    expect(fromApi({ ...viewer, 'x-origin-verify': secret }, edge)).toBe('198.51.100.9');
  });

  it('falls back to the source address when CloudFront’s viewer address is missing or malformed', () => {
    const origin = { 'x-origin-verify': secret };
    expect(fromApi(origin, behindCloudFront)).toBe('198.51.100.9');
    expect(fromApi({ ...origin, 'cloudfront-viewer-address': 'not-an-address:80' }, behindCloudFront)).toBe(
      '198.51.100.9',
    );
  });
});

describe('the client per-IP limits count', () => {
  it('is an IPv4 address whole', () => {
    expect(addressBlock('192.0.2.44')).toBe('192.0.2.44');
  });

  it('is an IPv6 address’s /64: every address of one network is one client', () => {
    expect(addressBlock('2001:db8:85a3:7:8a2e:370:7334:1')).toBe('2001:db8:85a3:7::/64');
    expect(addressBlock('2001:db8:85a3:7::1')).toBe('2001:db8:85a3:7::/64');
    expect(addressBlock('2001:0DB8:85A3:0007:ffff:ffff:ffff:ffff')).toBe('2001:db8:85a3:7::/64');
    expect(addressBlock('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBlock('2001:db8:85a3:8::1')).not.toBe(addressBlock('2001:db8:85a3:7::1'));
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 one (a dual-stack socket’s peer)', () => {
    expect(addressBlock('::ffff:192.0.2.44')).toBe('192.0.2.44');
    expect(addressBlock('::ffff:c000:22c')).toBe('192.0.2.44');
  });

  it('leaves text that is no address as it is', () => {
    expect(addressBlock('not-an-address')).toBe('not-an-address');
    expect(addressBlock('')).toBe('');
  });

  it('is what the API and the relay count, whichever address they believe', () => {
    const viewer = { 'x-origin-verify': secret, 'cloudfront-viewer-address': '2001:db8:1:2:aaaa::9:443' };
    expect(fromApi(viewer, behindCloudFront)).toBe('2001:db8:1:2::/64');
    expect(clientIp(apiGatewaySender(apiEvent({}, '2001:db8:1:2::77')), edge)).toBe('2001:db8:1:2::/64');
    expect(clientIp(loadBalancedSender(new Map([['x-forwarded-for', '2001:db8:1:2::5']]), '::1'), edge)).toBe(
      '2001:db8:1:2::/64',
    );
    expect(clientIp(loadBalancedSender(new Map(), '::ffff:10.0.0.5'), edge)).toBe('10.0.0.5');
  });
});

describe('the client address at the relay (edge, behind its load balancer)', () => {
  const headers = (forwarded?: string) =>
    new Map(forwarded === undefined ? [] : [['x-forwarded-for', forwarded]]);

  it('is the entry the load balancer appended (the last), never the caller’s own first one', () => {
    expect(clientIp(loadBalancedSender(headers('203.0.113.1, 198.51.100.9'), '10.0.0.5'), edge)).toBe(
      '198.51.100.9',
    );
    expect(clientIp(loadBalancedSender(headers('198.51.100.9'), '10.0.0.5'), edge)).toBe('198.51.100.9');
  });

  it('is the connection’s peer without the header', () => {
    expect(clientIp(loadBalancedSender(headers(), '10.0.0.5'), edge)).toBe('10.0.0.5');
  });
});

describe('the client address in the local stack (forwarded-for-first)', () => {
  it('is the first X-Forwarded-For entry, else the connection’s', () => {
    expect(fromApi({ 'x-forwarded-for': '203.0.113.1, 198.51.100.9' }, local)).toBe('203.0.113.1');
    expect(fromApi({}, local)).toBe('198.51.100.9');
    expect(
      clientIp(loadBalancedSender(new Map([['x-forwarded-for', '203.0.113.1, 10.0.0.1']]), '::1'), local),
    ).toBe('203.0.113.1');
  });
});

describe('the trust', () => {
  it('refuses the caller’s own header outside the local stage', () => {
    expect(() =>
      clientIpTrust(
        { STAGE: 'prod', CLIENT_IP_SOURCE: 'forwarded-for-first', CLOUDFRONT_ORIGIN_HEADER: undefined },
        undefined,
      ),
    ).toThrow(ConfigError);
  });

  it('refuses a CloudFront origin header without its secret', () => {
    expect(() =>
      clientIpTrust(
        { STAGE: 'prod', CLIENT_IP_SOURCE: 'edge', CLOUDFRONT_ORIGIN_HEADER: 'x-origin-verify' },
        undefined,
      ),
    ).toThrow(/CLOUDFRONT_ORIGIN_HEADER/);
  });

  it('at the API reads the secret once, only when CloudFront is configured, and again after a failed read', async () => {
    let reads = 0;
    const without = apiClientIp(
      { STAGE: 'prod', CLIENT_IP_SOURCE: 'edge', CLOUDFRONT_ORIGIN_HEADER: undefined },
      async () => {
        reads += 1;
        return secret;
      },
    );
    expect(await without(apiEvent({}))).toBe('198.51.100.9');
    expect(reads).toBe(0);

    let failing = true;
    const through = apiClientIp(
      { STAGE: 'prod', CLIENT_IP_SOURCE: 'edge', CLOUDFRONT_ORIGIN_HEADER: 'x-origin-verify' },
      async () => {
        reads += 1;
        if (failing) throw new Error('secrets extension not ready');
        return secret;
      },
    );
    const event = apiEvent({ 'x-origin-verify': secret, 'cloudfront-viewer-address': '192.0.2.44:1' });
    await expect(through(event)).rejects.toThrow(/not ready/);
    failing = false;
    expect(await through(event)).toBe('192.0.2.44');
    expect(await through(event)).toBe('192.0.2.44');
    expect(reads).toBe(2);
  });
});

describe('CloudFront’s viewer address', () => {
  it('reads IPv4 and IPv6 (bare or bracketed) with their port, and nothing else', () => {
    expect(viewerAddress('192.0.2.44:51234')).toBe('192.0.2.44');
    expect(viewerAddress('2001:db8::1:443')).toBe('2001:db8::1');
    expect(viewerAddress('0000:0000:0000:0000:0000:0000:0000:0001:52325')).toBe(
      '0000:0000:0000:0000:0000:0000:0000:0001',
    );
    expect(viewerAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(viewerAddress('192.0.2.44')).toBeNull();
    expect(viewerAddress('example.com:80')).toBeNull();
    expect(viewerAddress('')).toBeNull();
    expect(viewerAddress(undefined)).toBeNull();
  });
});
