import type { Socket } from 'node:net';

/** One HTTP/1.1 request head: what the relay's two GET routes and its health check need. */
export interface RequestHead {
  method: string;
  target: string;
  /** Lower-case names; a repeated header's values joined with `, ` (RFC 9110 5.3). */
  headers: ReadonlyMap<string, string>;
}

const requestLine = /^([A-Z]{1,16}) (\S{1,4096}) HTTP\/1\.[01]$/;
const headerLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

/**
 * Parses a request head (the text before the blank line), strictly: a malformed request line or
 * header line (obsolete folding included) is refused, and so is a request with a body, which
 * none of the relay's routes reads.
 */
export const parseRequestHead = (text: string): RequestHead | null => {
  const [first = '', ...lines] = text.split('\r\n');
  const start = requestLine.exec(first);
  if (start === null) return null;
  const headers = new Map<string, string>();
  for (const line of lines) {
    const header = headerLine.exec(line);
    if (header === null) return null;
    const name = (header[1] ?? '').toLowerCase();
    const value = header[2] ?? '';
    if (/[\0\r\n]/.test(value)) return null;
    const known = headers.get(name);
    headers.set(name, known === undefined ? value : `${known}, ${value}`);
  }
  if (headers.has('transfer-encoding')) return null;
  const length = headers.get('content-length');
  if (length !== undefined && length !== '0') return null;
  return { method: start[1] ?? '', target: start[2] ?? '', headers };
};

export type HeadOutcome = { head: RequestHead } | { refused: 400 | 431 } | { closed: true };

/**
 * Reads one request head from a fresh connection, bounded in size and time, then stops listening
 * for data: nothing after the head is read, only discarded. The time is a deadline from the
 * connection's start, not an idle timeout: a client trickling a byte now and then is cut off all
 * the same when it runs out.
 */
export const readRequestHead = (
  socket: Socket,
  limits: { maxBytes: number; timeoutMs: number },
): Promise<HeadOutcome> =>
  new Promise((settle) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: HeadOutcome) => {
      clearTimeout(deadline);
      socket.off('data', onData);
      socket.off('close', onClose);
      settle(outcome);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      const buffered = Buffer.concat(chunks, size);
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) {
        if (size > limits.maxBytes) finish({ refused: 431 });
        return;
      }
      if (end > limits.maxBytes) return finish({ refused: 431 });
      const head = parseRequestHead(buffered.subarray(0, end).toString('latin1'));
      finish(head === null ? { refused: 400 } : { head });
    };
    const onClose = () => finish({ closed: true });
    const deadline = setTimeout(() => {
      finish({ closed: true });
      socket.destroy();
    }, limits.timeoutMs);
    socket.on('data', onData);
    socket.once('close', onClose);
  });
