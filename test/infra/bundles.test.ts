import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks } from '../../infra/constructs/bundling';
import { buildBundles } from '../support/bundles';

/** The evidence group's bundle as deployed: the handler, and its checks in chunks beside it. */
describe('the evidence bundle', () => {
  const out = mkdtempSync(join(tmpdir(), 'bundles-'));
  const read = (file: string) => readFileSync(join(out, file), 'utf8');
  beforeAll(() => buildBundles(out, { groups: ['evidence'] }), 60_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('leaves the checks to its chunks, imported from beside it', () => {
    const handler = read('evidence.mjs');
    for (const { file } of chunks['evidence'] ?? []) expect(handler).toContain(`import("./${file}")`);
    expect(handler).not.toMatch(/DetectFaces|StartStreamTranscription|PutObject/);
    expect(read('aws-checks.mjs')).toMatch(/DetectFaces/);
  });

  it('has chunks that load on their own and build the AWS checks', async () => {
    const awsChecks = (await import(pathToFileURL(join(out, 'aws-checks.mjs')).href)) as {
      awsVerifiers(options: { region: string; webpWasmPath: string | undefined }): {
        faces: { countFaces: unknown };
        speech: { listen: unknown };
      };
      s3Store(options: { region: string; bucket: string; kmsKeyId: string }): { keep: unknown };
    };
    const verifiers = awsChecks.awsVerifiers({ region: 'sa-east-1', webpWasmPath: undefined });
    expect(typeof verifiers.faces.countFaces).toBe('function');
    expect(typeof verifiers.speech.listen).toBe('function');
    expect(typeof awsChecks.s3Store({ region: 'sa-east-1', bucket: 'b', kmsKeyId: 'k' }).keep).toBe(
      'function',
    );
  });
});
