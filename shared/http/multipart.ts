import busboy from 'busboy';
import { Readable } from 'node:stream';
import { ServiceError, fail } from '../domain/errors';

/**
 * Streaming multipart reading with per-part limits: a part over its limit stops the read at once
 * (413), an unknown part, a text field or a missing part is a validation problem (400).
 */
export interface FilePartLimits {
  [name: string]: number;
}

export const readFileParts = <P extends FilePartLimits>(
  contentType: string | undefined,
  body: Buffer,
  limits: P,
): Promise<Record<keyof P, Uint8Array>> =>
  new Promise((resolve, reject) => {
    if (contentType === undefined || !/^multipart\/form-data;/i.test(contentType)) {
      reject(fail('VALIDATION', undefined, 'body: must be multipart/form-data'));
      return;
    }
    const names = Object.keys(limits);
    // busboy signals a limit when the part past it arrives; one spare lets extra parts be named.
    const largest = Math.max(...Object.values(limits));
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: names.length + 1, fields: 1, parts: names.length + 1, fileSize: largest + 1 },
      });
    } catch {
      reject(fail('VALIDATION', undefined, 'body: must be multipart/form-data with a boundary'));
      return;
    }
    const parts = new Map<string, Buffer[]>();
    const problems: string[] = [];
    let settled = false;
    const stop = (error: ServiceError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      reject(error);
    };

    parser.on('file', (name, stream) => {
      // A body that ends inside a part fails the part's stream too: unheard, that error would end
      // the process (every request it serves), not this request.
      stream.on('error', () => stop(fail('VALIDATION', undefined, 'body: malformed multipart')));
      const limit = limits[name];
      if (limit === undefined || parts.has(name)) {
        problems.push(`${name}: unexpected part`);
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      parts.set(name, chunks);
      stream.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > limit) {
          stream.resume();
          stop(
            new ServiceError('HTTP_ERROR', { status: 413, message: `${name}: larger than ${limit} bytes` }),
          );
          return;
        }
        chunks.push(chunk);
      });
    });
    parser.on('field', (name) => problems.push(`${name}: must be a file`));
    parser.on('partsLimit', () => problems.push('body: too many parts'));
    parser.on('filesLimit', () => problems.push('body: too many files'));
    parser.on('fieldsLimit', () => problems.push('body: text fields are not accepted'));
    parser.on('error', () => stop(fail('VALIDATION', undefined, 'body: malformed multipart')));
    parser.on('close', () => {
      if (settled) return;
      for (const name of names) if (!parts.has(name)) problems.push(`${name}: required`);
      if (problems.length > 0) return stop(fail('VALIDATION', undefined, problems.join('; ')));
      settled = true;
      resolve(
        Object.fromEntries(
          names.map((name) => [name, new Uint8Array(Buffer.concat(parts.get(name) ?? []))]),
        ) as Record<keyof P, Uint8Array>,
      );
    });
    const source = Readable.from([body]);
    source.pipe(parser);
  });
