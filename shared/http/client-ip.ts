import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ConfigError, type Config } from '../config/config';

/**
 * Whose word the service takes for a request's sender, the address per-IP rate limits count.
 * `edge`: only what our own edge saw (API Gateway's source address; at the relay the entry the load
 * balancer appended; through CloudFront its viewer address, trusted only with CloudFront's secret
 * origin header). `forwarded-for-first`: the first `X-Forwarded-For` entry, whoever wrote it; the
 * local stack's setting, so tests can give each user an address of its own.
 */
export const clientIpSources = ['edge', 'forwarded-for-first'] as const;
export type ClientIpSource = (typeof clientIpSources)[number];

export interface ClientIpTrust {
  source: ClientIpSource;
  /** The header CloudFront adds to every request it forwards and its secret value; null without CloudFront. */
  cloudFront: { header: string; secretDigest: Buffer } | null;
}

/** What one request says about its sender. */
export interface Sender {
  /** A request header by its lower-case name; repeated values joined with commas. */
  header(name: string): string | undefined;
  /** The address our own edge saw the request come from. */
  edgeAddress: string;
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * The trust of this process, from its configuration and (when CloudFront fronts it) the origin
 * secret. Trusting the caller's own header is refused outside the local stage.
 */
export const clientIpTrust = (
  settings: Pick<Config, 'STAGE' | 'CLIENT_IP_SOURCE' | 'CLOUDFRONT_ORIGIN_HEADER'>,
  cloudFrontSecret: string | undefined,
): ClientIpTrust => {
  if (settings.CLIENT_IP_SOURCE === 'forwarded-for-first' && settings.STAGE !== 'local') {
    throw new ConfigError(
      'Invalid configuration: CLIENT_IP_SOURCE: forwarded-for-first is for the local stack only',
    );
  }
  const header = settings.CLOUDFRONT_ORIGIN_HEADER;
  if (header !== undefined && cloudFrontSecret === undefined) {
    throw new ConfigError(
      'Invalid configuration: CLOUDFRONT_ORIGIN_HEADER needs its secret (cloudFrontOriginSecret, or CLOUDFRONT_ORIGIN_SECRET)',
    );
  }
  return {
    source: settings.CLIENT_IP_SOURCE,
    cloudFront:
      header === undefined || cloudFrontSecret === undefined
        ? null
        : { header: header.toLowerCase(), secretDigest: digest(cloudFrontSecret) },
  };
};

/** Compared as digests in constant time: neither the value nor its length leaks through timing. */
const carriesSecret = (sender: Sender, cloudFront: NonNullable<ClientIpTrust['cloudFront']>): boolean => {
  const given = sender.header(cloudFront.header);
  return given !== undefined && timingSafeEqual(digest(given), cloudFront.secretDigest);
};

/** An address alone, or null when the text is not one. */
const address = (text: string | undefined): string | null => {
  const value = text?.trim() ?? '';
  return isIP(value) === 0 ? null : value;
};

/**
 * CloudFront's `CloudFront-Viewer-Address`: `ip:port`, an IPv6 address unbracketed
 * (`2001:db8::1:443`); a bracketed one is read too.
 */
export const viewerAddress = (value: string | undefined): string | null => {
  const text = value?.trim() ?? '';
  const bracketed = /^\[([^\]]+)\]:\d{1,5}$/.exec(text);
  if (bracketed !== null) return address(bracketed[1]);
  const colon = text.lastIndexOf(':');
  if (colon === -1 || !/^\d{1,5}$/.test(text.slice(colon + 1))) return null;
  return address(text.slice(0, colon));
};

const forwardedFor = (sender: Sender): string[] =>
  (sender.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** An IPv6 address's eight 16-bit groups (a dotted IPv4 tail is two of them); null when it is not one. */
const ipv6Groups = (text: string): number[] | null => {
  if (isIP(text) !== 6) return null;
  const hex = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a: string, b: string, c: string, d: string) =>
    [Number(a) * 256 + Number(b), Number(c) * 256 + Number(d)].map((group) => group.toString(16)).join(':'),
  );
  const [head = '', tail] = hex.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
};

/**
 * What one client holds, the unit per-IP limits count: an IPv4 address alone; an IPv6 address's /64
 * (`2001:db8:1:2::/64`), since a home or a phone is given a whole /64 and picks any of its 2^64
 * addresses at will, so counting full addresses would give each client endless budgets. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, a dual-stack socket's) is its IPv4 address. Text
 * that is no address is returned as it is.
 */
export const addressBlock = (address: string): string => {
  const groups = ipv6Groups(address.split('%')[0] ?? '');
  if (groups === null) return address;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return [g >> 8, g & 0xff, h >> 8, h & 0xff].join('.');
  }
  return `${[a, b, c, d].map((group) => group.toString(16)).join(':')}::/64`;
};

/** The sender's address as our edge tells it. */
const senderAddress = (sender: Sender, trust: ClientIpTrust): string => {
  if (trust.source === 'forwarded-for-first') return forwardedFor(sender)[0] ?? sender.edgeAddress;
  if (trust.cloudFront !== null && carriesSecret(sender, trust.cloudFront)) {
    return viewerAddress(sender.header('cloudfront-viewer-address')) ?? sender.edgeAddress;
  }
  return sender.edgeAddress;
};

/** The client per-IP limits count for this request: its sender's address block (`addressBlock`). */
export const clientIp = (sender: Sender, trust: ClientIpTrust): string =>
  addressBlock(senderAddress(sender, trust));

/** A request through API Gateway: its source address is the connection it accepted. */
export const apiGatewaySender = (event: APIGatewayProxyEventV2): Sender => ({
  header: (name) => event.headers[name],
  edgeAddress: event.requestContext.http.sourceIp,
});

/**
 * A request through the relay's load balancer, which appends the address it accepted the
 * connection from to `X-Forwarded-For`: the last entry is its own; any before it the caller's.
 * Without the header, the connection's own peer.
 */
export const loadBalancedSender = (
  headers: ReadonlyMap<string, string>,
  peerAddress: string | undefined,
): Sender => {
  const header = (name: string) => headers.get(name);
  return { header, edgeAddress: forwardedFor({ header, edgeAddress: '' }).at(-1) ?? peerAddress ?? '' };
};

/**
 * The API's client address of each request. The trust is settled on first use: the CloudFront
 * secret is read (once; again after a failed read) only when CloudFront fronts the API.
 */
export const apiClientIp = (
  settings: Pick<Config, 'STAGE' | 'CLIENT_IP_SOURCE' | 'CLOUDFRONT_ORIGIN_HEADER'>,
  cloudFrontSecret: () => Promise<string | undefined>,
): ((event: APIGatewayProxyEventV2) => Promise<string>) => {
  let trust: Promise<ClientIpTrust> | undefined;
  const settle = async () =>
    clientIpTrust(
      settings,
      settings.CLOUDFRONT_ORIGIN_HEADER === undefined ? undefined : await cloudFrontSecret(),
    );
  return async (event) => {
    trust ??= settle().catch((error: unknown) => {
      trust = undefined;
      throw error;
    });
    return clientIp(apiGatewaySender(event), await trust);
  };
};
