import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  isLoopbackHost,
  NotPublicAddress,
  permittedPeer,
  type PeerPolicy,
  type Resolve,
} from './public-address';

/** Why a URL was not fetched, or its body not read to the end (the reason in the name is logged). */
export class RefusedFetch extends Error {
  override readonly name = 'RefusedFetch';
  constructor(readonly reason: 'scheme' | 'not_public' | 'too_large') {
    super(`fetch refused: ${reason}`);
  }
}

export interface GetLimits extends PeerPolicy {
  /** The most body bytes read: a larger `Content-Length` is refused unread, a longer body cut off. */
  maxBytes: number;
  /** The whole exchange, the body's last byte included. */
  timeoutMs: number;
  resolve?: Resolve;
}

export interface GetAnswer {
  status: number;
  /** The media type, without its parameters; '' when none. */
  contentType: string;
  bytes: Uint8Array;
}

const mediaType = (response: IncomingMessage): string =>
  (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** The body, counted as it streams: more than `maxBytes` stops the read. */
const bodyOf = (response: IncomingMessage, maxBytes: number): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length'] ?? '0');
    if (declared > maxBytes) {
      response.destroy();
      reject(new RefusedFetch('too_large'));
      return;
    }
    const chunks: Buffer[] = [];
    let length = 0;
    response.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        response.destroy();
        reject(new RefusedFetch('too_large'));
        return;
      }
      chunks.push(chunk);
    });
    response.once('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    response.once('error', reject);
  });

/**
 * One GET of a URL somebody else gave the service (the profile photo the session provider points
 * to): `https://` only (`http://` only to loopback where the policy allows it), to a permitted
 * address only (docs/proxies.md, "The reachability check"), no redirect followed (a 3xx is answered
 * as it is), at most `maxBytes` of body, all within `timeoutMs` (past it: the signal's
 * `TimeoutError`). A URL or a body refused: `RefusedFetch`.
 */
export const guardedGet = async (url: string, limits: GetLimits): Promise<GetAnswer> => {
  const target = URL.parse(url);
  const secure = target?.protocol === 'https:';
  const plainLoopback =
    target?.protocol === 'http:' && limits.allowLoopback && isLoopbackHost(target.hostname);
  if (target === null || !(secure || plainLoopback)) throw new RefusedFetch('scheme');
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const peer = await permittedPeer(target.hostname, limits, signal, limits.resolve).catch(
    (error: unknown) => {
      throw error instanceof NotPublicAddress ? new RefusedFetch('not_public') : error;
    },
  );
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      {
        ...peer,
        port: target.port === '' ? (secure ? 443 : 80) : Number(target.port),
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers: { host: target.host, accept: 'image/*' },
        signal,
        agent: false,
      },
      (response) => {
        bodyOf(response, limits.maxBytes).then(
          (bytes) => resolve({ status: response.statusCode ?? 0, contentType: mediaType(response), bytes }),
          (error: unknown) => reject(signal.aborted ? signal.reason : error),
        );
      },
    );
    request.once('error', (error) => reject(signal.aborted ? signal.reason : error));
    request.end();
  });
};
