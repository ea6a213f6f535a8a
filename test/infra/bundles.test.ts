import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../functions/api/openapi/document';
import {
  besideFileCommand,
  besideFiles,
  chunkCommand,
  chunkImport,
  chunks,
  chunksImportedBy,
  readAsBuiltins,
} from '../../infra/constructs/bundling';
import { buildBundles } from '../support/bundles';

/** The bundles as deployed: each handler, and the chunks it loads on first need beside it. */
describe('bundles with chunks', () => {
  const out = mkdtempSync(join(tmpdir(), 'bundles-'));
  const read = (file: string) => readFileSync(join(out, file), 'utf8');
  const load = async <T>(file: string) => (await import(pathToFileURL(join(out, file)).href)) as T;
  let sources: Record<string, string[]> = {};
  beforeAll(async () => {
    sources = await buildBundles(out, {
      groups: ['auth', 'consent', 'evidence', 'health'],
      extra: {
        'session-ends': 'functions/workers/session-ends/handler.ts',
        'sign-in-mails': 'functions/workers/sign-in-mails/handler.ts',
        'session-events': 'functions/workers/session-events/handler.ts',
      },
    });
  }, 60_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  const bundles = ['auth', 'evidence', 'health', 'session-ends', 'sign-in-mails', 'session-events'];

  it('import their chunks from beside them, and no other module of their own', () => {
    const kept = (code: string) => code.match(/import\("\.[^"]*"\)/g) ?? [];
    const imported = bundles.flatMap((name) => kept(read(`${name}.mjs`)));
    expect(imported.length).toBeGreaterThan(5);
    for (const name of bundles)
      for (const chunk of kept(read(`${name}.mjs`))) {
        expect(chunks.map(chunkImport), name).toContain(chunk);
        expect(existsSync(join(out, chunk.slice('import("./'.length, -2))), chunk).toBe(true);
      }
    expect(chunksImportedBy(read('evidence.mjs')).map((c) => c.file)).toEqual([
      'evidence-aws-checks.mjs',
      'evidence-local-checks.mjs',
      'tracing.mjs',
    ]);
    expect(chunksImportedBy(read('health.mjs')).map((c) => c.file)).toEqual([
      'openapi-document.mjs',
      'tracing.mjs',
    ]);
  });

  it("leave the AWS clients a worker's first ordinary message never calls to their chunks", () => {
    expect(chunksImportedBy(read('session-events.mjs')).map((c) => c.file)).toEqual([
      'aws-notifications.mjs',
      'aws-schedules.mjs',
      'aws-event-bodies.mjs',
      'aws-queues.mjs',
      'aws-bedrock.mjs',
      'tracing.mjs',
    ]);
    // Each client's own commands: mail, push, schedules, kept bodies, queues (a session ended, an
    // import admitted: seldom), the model.
    expect(read('session-events.mjs')).not.toMatch(
      /SendEmail|CreatePlatformEndpoint|CreateSchedule|PutObject|SendMessageBatch|ConverseCommand/,
    );
    // A function that sends on its usual paths keeps SQS in its bundle: the sign-in request queues its letter.
    expect(read('auth.mjs')).toContain('SendMessageBatch');
    expect(chunksImportedBy(read('auth.mjs')).map((c) => c.file)).not.toContain('aws-queues.mjs');
    // KMS is in the bundle: every message read is sealed under its seat's key (30 KB, not a 320 KB chunk).
    expect(read('session-events.mjs')).toContain('GenerateDataKey');
    expect(read('session-events.mjs')).toContain('DynamoDBServiceException');
  });

  it("carry SQS's code only where a request sends on its usual path, as a chunk where it seldom does", () => {
    // The sign-in request queues its letter every time.
    expect(read('auth.mjs')).toContain('SendMessageBatch');
    // The evidence and health groups send nothing; the consent page's loads send nothing, a person's
    // stop ends their session now and then.
    for (const name of ['evidence', 'health', 'consent'])
      expect(read(`${name}.mjs`), name).not.toContain('SendMessageBatch');
    for (const name of ['auth', 'evidence', 'health'])
      expect(
        chunksImportedBy(read(`${name}.mjs`)).map((c) => c.file),
        name,
      ).not.toContain('aws-queues.mjs');
    expect(chunksImportedBy(read('consent.mjs')).map((c) => c.file)).toContain('aws-queues.mjs');
  });

  it("leave X-Ray's SDK to the chunk loaded only where a daemon listens", () => {
    for (const name of bundles) {
      expect(read(`${name}.mjs`), name).toContain(chunkImport(chunks.find((c) => c.file === 'tracing.mjs')!));
      expect(read(`${name}.mjs`), name).not.toContain('AWS_XRAY_CONTEXT_MISSING');
    }
    expect(read('tracing.mjs')).toContain('AWS_XRAY_CONTEXT_MISSING');
  });

  /** An ES module import of a builtin the bundles read as such (whose module view reads every export). */
  const builtinAsModule = new RegExp(`(?:from|import)\\s*"(?:node:)?(?:${readAsBuiltins.join('|')})"`);

  it("read Node's modules as builtins, never through their ES module views", () => {
    const built = [
      ...bundles.map((name) => `${name}.mjs`),
      ...chunksImportedBy(read('session-events.mjs')).map((c) => c.file),
    ];
    for (const file of built) expect(read(file), file).not.toMatch(builtinAsModule);
    // The SDK's HTTP handler is there, reading node:http so; X-Ray's chunk reads node:url so.
    const worker = [read('session-events.mjs'), read('tracing.mjs')].join('\n');
    for (const name of readAsBuiltins) expect(worker).toContain(`getBuiltinModule("node:${name}")`);
  });

  it('are bundled by the synthesis only beside a handler that imports them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'asset-'));
    try {
      const [wanted, unwanted] = [chunks.find((c) => c.file === 'aws-keys.mjs')!, chunks[0]!];
      writeFileSync(join(dir, 'index.mjs'), `export const handler = () => ${chunkImport(wanted)};\n`);
      for (const chunk of [wanted, unwanted])
        execSync(chunkCommand(chunk, process.cwd(), dir), { shell: '/bin/sh' });
      expect(readFileSync(join(dir, wanted.file), 'utf8')).toContain('GenerateDataKey');
      expect(readFileSync(join(dir, wanted.file), 'utf8')).not.toMatch(builtinAsModule);
      expect(existsSync(join(dir, unwanted.file))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("read the analyzer's model weights and anchors from files beside them, never as code to compile", () => {
    expect(besideFiles.map((f) => f.to)).toEqual([
      'model/window-classifier.weights',
      'categories/anchors.json',
    ]);
    for (const file of besideFiles) {
      expect(read('session-events.mjs'), file.to).toContain(file.to);
      expect(readFileSync(join(out, file.to))).toEqual(readFileSync(file.from));
    }
    // Neither the weights (a megabyte of base64) nor the anchors' table is in the code.
    expect(read('session-events.mjs')).not.toMatch(/[A-Za-z0-9+/]{10000}/);
    const someAnchor = Object.values(
      JSON.parse(readFileSync(besideFiles[1]!.from, 'utf8')) as Record<string, string[] | null>,
    ).find((anchors) => anchors !== null && anchors.length > 3)!;
    expect(read('session-events.mjs')).not.toContain(JSON.stringify(someAnchor));
    const dir = mkdtempSync(join(tmpdir(), 'asset-'));
    const other = mkdtempSync(join(tmpdir(), 'asset-'));
    try {
      const [weights] = besideFiles;
      writeFileSync(join(dir, 'index.mjs'), `export const handler = () => "./${weights!.to}";\n`);
      writeFileSync(join(other, 'index.mjs'), 'export const handler = () => 1;\n');
      for (const asset of [dir, other])
        execSync(besideFileCommand(weights!, process.cwd(), asset), { shell: '/bin/sh' });
      expect(existsSync(join(dir, weights!.to))).toBe(true);
      expect(existsSync(join(other, weights!.to))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('leave the evidence checks to the chunk that builds them', async () => {
    expect(read('evidence.mjs')).not.toMatch(/DetectFaces|StartStreamTranscription|PutObject/);
    const awsChecks = await load<{
      awsVerifiers(options: { region: string; webpWasmPath: string | undefined }): {
        faces: { countFaces: unknown };
        speech: { listen: unknown };
      };
      s3Store(options: { region: string; bucket: string; kmsKeyId: string }): { keep: unknown };
    }>('evidence-aws-checks.mjs');
    const verifiers = awsChecks.awsVerifiers({ region: 'sa-east-1', webpWasmPath: undefined });
    expect(typeof verifiers.faces.countFaces).toBe('function');
    expect(typeof verifiers.speech.listen).toBe('function');
    expect(typeof awsChecks.s3Store({ region: 'sa-east-1', bucket: 'b', kmsKeyId: 'k' }).keep).toBe(
      'function',
    );
  });

  it('leave SES to the sign-in mail worker: a sign-in request only queues its letter', () => {
    expect(read('auth.mjs')).not.toMatch(/SendEmail/);
  });

  it('carry only the capabilities their function wires, though one root wires all of its kind', () => {
    // The session-ends worker talks to the session provider only, the sign-in mail worker sends mail only.
    for (const worker of ['session-ends', 'sign-in-mails'])
      expect(read(`${worker}.mjs`).includes('DynamoDBServiceException'), worker).toBe(false);
    // Only the operators' groups verify operators' tokens (Cognito's).
    expect(read('auth.mjs').includes('cognito-idp')).toBe(false);
  });

  it('leave the OpenAPI document to the chunk that serves it', async () => {
    expect(read('health.mjs')).not.toContain('"openapi"');
    const { openApiDocument } = await load<{ openApiDocument: unknown }>('openapi-document.mjs');
    expect(openApiDocument).toEqual(JSON.parse(readFileSync('docs/openapi.json', 'utf8')));
  });

  it('carry no response schemas: only the document generator reads them', () => {
    const summaries = Object.values(contracts).flatMap((group) =>
      Object.values(group.responses).map((operation: { summary: string }) => operation.summary),
    );
    for (const group of ['auth', 'evidence', 'health'])
      for (const summary of summaries) expect(read(`${group}.mjs`)).not.toContain(summary);
  });

  it('carry the route table but not what a group is granted: the IAM grants stay CDK’s', () => {
    for (const group of ['auth', 'evidence', 'health']) {
      expect(sources[group], group).toContain('infra/routes.ts');
      expect(sources[group], group).not.toContain('infra/group-access.ts');
      expect(sources[group], group).not.toContain('infra/table-grants.ts');
    }
  });
});
