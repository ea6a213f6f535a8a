import { readFileSync } from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { declaredCalls, secretNames, type FunctionCalls, type SecretName } from '../../infra/access/calls';
import { accessMatrix, withMatrix } from '../../infra/access/matrix';
import type { DataKeyName } from '../../infra/group-access';
import { AccessSimulator, type Decision, type IamRequest } from '../support/iam/access-simulator';
import { DeployedStage, sampleOwner, statefulStack, statelessStack } from '../support/iam/declared-requests';
import { DeployedTemplates, type CfnTemplate } from '../support/iam/deployed-templates';
import { testStacks } from '../support/stage-settings';

/**
 * Every function's access, evaluated as AWS would from the synthesized templates: each call a row
 * declares must be allowed (identity policy, key policy, resource policy and their conditions), and
 * what no row declares must be denied.
 */
let templates: Record<string, CfnTemplate>;
let stage: DeployedStage;
let simulator: AccessSimulator;
const functions = declaredCalls();

const load = (changed?: (templates: Record<string, CfnTemplate>) => void) => {
  const copy = structuredClone(templates);
  changed?.(copy);
  const deployed = new DeployedTemplates(copy);
  return { stage: new DeployedStage(deployed), simulator: new AccessSimulator(deployed) };
};

beforeAll(() => {
  const { stateful, stateless } = testStacks();
  templates = {
    [statefulStack]: Template.fromStack(stateful).toJSON() as CfnTemplate,
    [statelessStack]: Template.fromStack(stateless).toJSON() as CfnTemplate,
  };
  ({ stage, simulator } = load());
});

const byName = (name: string): FunctionCalls => {
  const found = functions.find((fn) => fn.name === name);
  if (found === undefined) throw new Error(`no function ${name}`);
  return found;
};

/** Each request of `fn` that is not allowed, with the decision AWS would make. */
const refusals = async (
  on: { stage: DeployedStage; simulator: AccessSimulator },
  fn: FunctionCalls,
  requests: IamRequest[],
): Promise<string[]> => {
  const role = on.simulator.roleOf(statelessStack, on.stage.roleLogicalId(fn));
  const decided = await Promise.all(
    requests.map(async (request) => ({ request, decision: await on.simulator.decide(role, request) })),
  );
  return decided
    .filter(({ decision }) => decision !== 'Allowed')
    .map(
      ({ request, decision }) =>
        `${fn.name}: ${request.action} on ${request.resource} ${JSON.stringify(request.context ?? {})} -> ${decision}`,
    );
};

const decide = async (fn: FunctionCalls, request: IamRequest): Promise<Decision> =>
  simulator.decide(simulator.roleOf(statelessStack, stage.roleLogicalId(fn)), request);

const declaresSecret = (fn: FunctionCalls, secret: SecretName) =>
  fn.calls.some((call) => call.kind === 'secret' && call.secret === secret);
const declaresDataKey = (fn: FunctionCalls, key: DataKeyName, use: 'make' | 'open') =>
  fn.calls.some((call) => call.kind === 'dataKey' && call.grant.key === key && call.grant.use.includes(use));

describe('every call a function’s row declares', () => {
  it('covers every function of the stage: each API group, worker, webhook and the relay', () => {
    expect(functions.length).toBeGreaterThanOrEqual(30);
    for (const fn of functions) expect(fn.calls.length, fn.name).toBeGreaterThan(0);
    const requests = functions.flatMap((fn) => fn.calls.flatMap((call) => stage.requests(call)));
    expect(requests.length).toBeGreaterThan(300);
  });

  it.each(functions.map((fn) => [fn.name, fn] as const))(
    'is allowed for %s, as AWS would decide it',
    async (_, fn) => {
      const requests = fn.calls.flatMap((call) => stage.requests(call));
      expect(await refusals({ stage, simulator }, fn, requests)).toEqual([]);
    },
  );

  it('fails when one grant is taken away (the auth group’s Decrypt of the signing key’s secret)', async () => {
    const auth = byName('AuthApi');
    const changed = load((copy) => {
      const stateless = copy[statelessStack] as CfnTemplate;
      for (const resource of Object.values(stateless.Resources)) {
        if (resource.Type !== 'AWS::IAM::Policy') continue;
        const document = resource.Properties?.PolicyDocument as {
          Statement: { Action: unknown; Condition?: unknown }[];
        };
        document.Statement = document.Statement.filter(
          (statement) => !JSON.stringify(statement.Condition ?? {}).includes('SigningKeySecret'),
        );
      }
    });
    const requests = auth.calls.flatMap((call) => changed.stage.requests(call));
    const refused = await refusals(changed, auth, requests);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('kms:Decrypt');
  });
});

describe('what no row declares is denied', () => {
  it('each secret is readable by exactly the functions whose rows name it, through Secrets Manager only', async () => {
    for (const fn of functions)
      for (const secret of secretNames) {
        const [read, decrypt] = stage.secretRequests(secret) as [IamRequest, IamRequest];
        const expected = declaresSecret(fn, secret) ? 'Allowed' : expect.stringMatching(/Denied/);
        expect(await decide(fn, read), `${fn.name} reads ${secret}`).toEqual(expected);
        expect(await decide(fn, decrypt), `${fn.name} decrypts ${secret}`).toEqual(expected);
        // Never directly: without Secrets Manager in between, the secrets key opens nothing.
        const direct = {
          ...decrypt,
          context: { ...decrypt.context, 'kms:ViaService': `lambda.${stage.region}.amazonaws.com` },
        };
        expect(await decide(fn, direct), `${fn.name} decrypts ${secret} directly`).toMatch(/Denied/);
      }
  });

  it('only sign-in reads the signing key, and only the business webhook reads Meta’s app secret', () => {
    expect(functions.filter((fn) => declaresSecret(fn, 'signingKey')).map((fn) => fn.name)).toEqual([
      'AuthApi',
    ]);
    expect(functions.filter((fn) => declaresSecret(fn, 'businessWebhook')).map((fn) => fn.name)).toEqual([
      'BusinessProviderWebhook',
    ]);
  });

  it('only what analyses messages or serves the excerpt opens a seat’s data key; only activation makes one', () => {
    expect(functions.filter((fn) => declaresDataKey(fn, 'seat', 'open')).map((fn) => fn.name)).toEqual([
      'AlertsApi',
      'SessionEventsWorker',
      'HistoryImportWorker',
    ]);
    expect(functions.filter((fn) => declaresDataKey(fn, 'seat', 'make')).map((fn) => fn.name)).toEqual([
      'SeatsApi',
      'ConsentApi',
    ]);
    expect(functions.filter((fn) => declaresDataKey(fn, 'device', 'open')).map((fn) => fn.name)).toEqual([
      'AccountsApi',
    ]);
  });

  it('each data key is made and opened by exactly the functions whose rows say so, under its own context only', async () => {
    for (const fn of functions)
      for (const key of ['seat', 'device'] as const)
        for (const use of ['make', 'open'] as const) {
          const expected = declaresDataKey(fn, key, use) ? 'Allowed' : expect.stringMatching(/Denied/);
          expect(
            await decide(fn, stage.dataKeyRequests(key, use)),
            `${fn.name} ${use}s a ${key} key`,
          ).toEqual(expected);
          const other = key === 'seat' ? 'device' : 'seat';
          const foreign = { [key === 'seat' ? 'seatId' : 'deviceId']: sampleOwner[other] };
          expect(
            await decide(fn, stage.dataKeyRequests(key, use, foreign)),
            `${fn.name}: a ${key} key for a ${other}`,
          ).toMatch(/Denied/);
          const widened = { [key === 'seat' ? 'seatId' : 'deviceId']: sampleOwner[key], purpose: 'other' };
          expect(
            await decide(fn, stage.dataKeyRequests(key, use, widened)),
            `${fn.name}: a ${key} key with another context`,
          ).toMatch(/Denied/);
        }
  });

  it('no function deletes what its access patterns never delete', async () => {
    const pattern = (glob: string) =>
      new RegExp(
        `^${glob
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replaceAll('*', '.*')
          .replaceAll('?', '.')}$`,
      );
    const partitionsOf = (fn: FunctionCalls) =>
      fn.calls.flatMap((call) => (call.kind === 'table' && 'partitions' in call.grant ? [call.grant] : []));
    const every = [
      ...new Set(functions.flatMap((fn) => partitionsOf(fn).flatMap((grant) => grant.partitions))),
    ];
    expect(every.length).toBeGreaterThan(20);
    let deniedSomewhere = 0;
    for (const fn of functions)
      for (const partition of every)
        for (const action of ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) {
          const sample = partition.replaceAll('*', 'x1');
          const declared = partitionsOf(fn).some(
            (grant) =>
              (grant.actions as readonly string[]).includes(action) &&
              grant.indexes === undefined &&
              grant.partitions.some((glob) => pattern(glob).test(sample)),
          );
          const decision = await decide(fn, stage.tableRequest(action, partition));
          if (!declared) deniedSomewhere += 1;
          expect(decision, `${fn.name} ${action} on ${partition}`).toEqual(
            declared ? 'Allowed' : expect.stringMatching(/Denied/),
          );
        }
    expect(deniedSomewhere).toBeGreaterThan(0);
  });

  it('no operator function reads a seat’s sealed messages', async () => {
    for (const name of ['AdminApi', 'SupplyApi'])
      for (const partition of ['SEATMSG#x1', 'SEATCHAT#x1#x2'])
        for (const action of ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'])
          expect(
            await decide(byName(name), stage.tableRequest(action, partition)),
            `${name} ${action} ${partition}`,
          ).toMatch(/Denied/);
  });

  it('no operator function opens content', async () => {
    for (const name of ['AdminApi', 'SupplyApi']) {
      const fn = byName(name);
      expect(await decide(fn, stage.dataKeyRequests('seat', 'open'))).toMatch(/Denied/);
      expect(
        await decide(fn, { action: 'sqs:ReceiveMessage', resource: stage.queue('sessionEvents') }),
      ).toMatch(/Denied/);
    }
  });
});

describe('the access matrix a reviewer reads', () => {
  it('is docs/access.md’s, generated from the same rows', () => {
    const page = readFileSync(new URL('../../docs/access.md', import.meta.url), 'utf8');
    expect(withMatrix(page, accessMatrix(functions))).toBe(page);
    for (const fn of functions) expect(page).toContain(`| ${fn.name} |`);
  });
});
