import { Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumerFunctionId, consumers } from '../../infra/consumers';
import { relayTable, type TableGrant } from '../../infra/table-grants';
import { applyNagChecks } from '../../infra/nag';
import { groupAccess } from '../../infra/group-access';
import { functionGroups, gatewayRoutes, routes } from '../../infra/routes';
import { routeKey } from '../../shared/http/route-match';
import { testStacks, testStageSettings } from '../support/stage-settings';

type Statement = { Action: string | string[]; Effect: string; Resource?: unknown; Condition?: unknown };
type Findings = { before: string[]; after: string[] };

let findings: Findings;
let acknowledgments: { path: string; rule: string; reason: string }[];
let stateless: Template;
let stateful: Template;

beforeAll(() => {
  const { app, stateless: statelessStack, stateful: statefulStack } = testStacks();
  const checks = applyNagChecks(app);
  const unacknowledged = () =>
    checks
      .validateScope(app)
      .violations.flatMap((violation) =>
        violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.constructPath}`),
      );
  const before = unacknowledged();
  // Synthesis resolves references across stacks into imports (findings are named by them) and runs
  // the same checks as a validation plugin: it throws on any finding left.
  app.synth();
  findings = { before, after: unacknowledged() };
  acknowledgments = app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([rule, reason]) => ({
          path: construct.node.path,
          rule,
          reason,
        })),
      ),
  );
  stateless = Template.fromStack(statelessStack);
  stateful = Template.fromStack(statefulStack);
});

const statementsOf = (template: Template, logicalPrefix: string): Statement[] =>
  Object.entries(template.findResources('AWS::IAM::Policy'))
    .filter(([id]) => id.startsWith(logicalPrefix))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
const actionsOf = (statements: Statement[]) => statements.flatMap((statement) => [statement.Action].flat());
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

describe('cdk-nag (AWS Solutions) on every stack', () => {
  it('leaves no finding unacknowledged, errors or warnings, before synthesis and after it', () => {
    expect(findings.before).toEqual([]);
    expect(findings.after).toEqual([]);
  });

  it('leaves none either with the settings a stage gets by default (no certificate, no webhook senders)', () => {
    const {
      consentPageCertificateArn: _certificate,
      webhookSenders: _senders,
      ...defaults
    } = testStageSettings;
    const { app } = testStacks(defaults);
    const checks = applyNagChecks(app);
    app.synth();
    expect(checks.validateScope(app).violations.map((violation) => violation.ruleName)).toEqual([]);
  });

  it('acknowledges each finding with a reason that says why', () => {
    const nag = acknowledgments.filter(({ rule }) => rule.includes('AwsSolutions-'));
    expect(nag.length).toBeGreaterThan(0);
    for (const { rule, reason } of nag) expect(reason.length, rule).toBeGreaterThan(40);
  });

  it('leaves point-in-time recovery off on the seat keys’ table alone, for crypto-shredding', () => {
    const ddb3 = acknowledgments.filter(({ rule }) => rule.endsWith('AwsSolutions-DDB3'));
    expect(ddb3.map(({ path }) => path)).toEqual(['FamilyProtection-test-Stateful/SeatKeysTable']);
    expect(ddb3[0]?.reason).toMatch(/Crypto-shredding/);
  });

  it('says why a route has no API Gateway authorizer once per auth kind, never on an operator route', () => {
    const apig4 = acknowledgments.filter(({ rule }) => rule.endsWith('AwsSolutions-APIG4'));
    expect(new Set(apig4.map(({ reason }) => reason)).size).toBeLessThanOrEqual(4);
    const operatorPaths = routes
      .filter((route) => route.auth === 'operator')
      .map((route) => `/Api/${route.method}--${route.path.replaceAll('/', '--')}`);
    for (const { path } of apig4) for (const operator of operatorPaths) expect(path).not.toContain(operator);
  });
});

describe('least privilege, from the route groups’ rows', () => {
  it('gives each API group exactly the table actions of its row, and no scan, stream or wildcard key action', () => {
    for (const group of functionGroups) {
      // The single table's (the seat keys' table has its own tests, test/infra/stacks.test.ts).
      const statements = statementsOf(stateless, `${pascal(group)}Api`).filter(
        (statement) => !JSON.stringify(statement.Resource).includes('SeatKeysTable'),
      );
      const tableActions = actionsOf(statements).filter((action) => action.startsWith('dynamodb:'));
      const expected = groupAccess[group].table.flatMap((grant) => grant.actions);
      expect([...new Set(tableActions)].sort(), group).toEqual([...new Set(expected)].sort());
    }
    const apiActions = functionGroups.flatMap((group) =>
      actionsOf(statementsOf(stateless, `${pascal(group)}Api`)),
    );
    for (const action of ['dynamodb:Scan', 'dynamodb:GetRecords', 'dynamodb:DescribeStream'])
      expect(apiActions).not.toContain(action);
    const everyAction = Object.values(stateless.findResources('AWS::IAM::Policy')).flatMap((policy) =>
      actionsOf(policy.Properties.PolicyDocument.Statement as Statement[]),
    );
    for (const action of ['dynamodb:Scan', 'kms:ReEncrypt*', 'kms:GenerateDataKey*'])
      expect(everyAction).not.toContain(action);
  });

  /** Each role's statements on the table itself or its indexes (not its stream), by the role's construct id. */
  const tableStatements = () =>
    Object.entries(stateless.findResources('AWS::IAM::Policy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[])
        .filter((statement) => {
          const resource = JSON.stringify(statement.Resource);
          return (
            actionsOf([statement]).some((action) => action.startsWith('dynamodb:')) &&
            /Table\w*Arn/.test(resource) &&
            // The seat keys' table has its own tests (test/infra/stacks.test.ts, access.test.ts).
            !resource.includes('SeatKeysTable') &&
            !resource.includes('StreamArn')
          );
        })
        .map((statement) => ({ role: id.replace(/(Service|Task)Role.*$/, ''), statement })),
    );
  const leadingKeysOf = (statement: Statement): string[] =>
    (
      statement.Condition as { 'ForAllValues:StringLike'?: { 'dynamodb:LeadingKeys'?: string[] } } | undefined
    )?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? [];

  it('lets a function delete only where its row says so, in the partitions the access patterns delete in', () => {
    const deleting: Record<string, string[]> = {};
    for (const { role, statement } of tableStatements()) {
      const actions = actionsOf([statement]);
      if (!actions.includes('dynamodb:DeleteItem') && !actions.includes('dynamodb:BatchWriteItem')) continue;
      deleting[role] = [...(deleting[role] ?? []), ...leadingKeysOf(statement)].sort();
    }
    expect(deleting).toEqual({
      // A member removed from a family.
      AccountsApi: ['ACCOUNT#*'],
      // The history queue: an entry leaves it, a slot is freed.
      HistoryApi: ['HISTORYQUEUE', 'HISTORYSLOTS'],
      // A pairing that ends (unlinked, stopped, reset, disconnected, moved off a burned proxy) ends
      // its seat's import in the same transaction: its queue entry or slot goes with it.
      AdminApi: ['HISTORYQUEUE', 'HISTORYSLOTS'],
      ConsentApi: ['HISTORYQUEUE', 'HISTORYSLOTS'],
      PairingApi: ['HISTORYQUEUE', 'HISTORYSLOTS'],
      ProxyBurnsWorker: ['HISTORYQUEUE', 'HISTORYSLOTS'],
      ReconnectWorker: ['HISTORYQUEUE', 'HISTORYSLOTS'],
      SessionEventsWorker: ['HISTORYQUEUE', 'HISTORYSLOTS'],
      HistoryOfferExpiryWorker: ['HISTORYQUEUE', 'HISTORYSLOTS'],
      HistoryStuckWorker: ['HISTORYQUEUE', 'HISTORYSLOTS'],
      HistoryAdmissionWorker: ['HISTORYQUEUE'],
      // The same, and a page of history messages kept with one batch write (puts only).
      HistoryImportWorker: ['HISTORYQUEUE', 'HISTORYSLOTS', 'SEATMSG#*'],
      // A seat's content after its key is destroyed.
      ContentShreddingStreamHandler: ['SEATMSG#*'],
      // A stream ticket used once; the registration of a topic the task no longer holds.
      RelayTask: ['RELAYTOPIC#*', 'TICKET#*'],
    });
  });

  it('confines every table statement of every role to its partitions, unless its row says why not', () => {
    const rows: { role: string; grants: readonly TableGrant[] }[] = [
      ...functionGroups.map((group) => ({ role: `${pascal(group)}Api`, grants: groupAccess[group].table })),
      ...consumers.map((row) => ({ role: consumerFunctionId(row), grants: row.table })),
      { role: 'RelayTask', grants: relayTable },
    ];
    const explained = rows.flatMap(({ role, grants }) =>
      grants.flatMap((grant) => ('unconfined' in grant ? [{ role, actions: [...grant.actions] }] : [])),
    );
    for (const { grants } of rows)
      for (const grant of grants)
        if ('unconfined' in grant) expect(grant.unconfined.length).toBeGreaterThan(40);
    const unconfined = tableStatements()
      .filter(({ statement }) => leadingKeysOf(statement).length === 0)
      .map(({ role, statement }) => ({ role, actions: actionsOf([statement]) }));
    const byRole = (a: { role: string }, b: { role: string }) => a.role.localeCompare(b.role);
    expect(unconfined.sort(byRole)).toEqual(explained.sort(byRole));
    // Only the health probe's table description, which no leading key can confine.
    expect(unconfined).toEqual([{ role: 'HealthApi', actions: ['dynamodb:DescribeTable'] }]);
    for (const { statement } of tableStatements())
      for (const pattern of leadingKeysOf(statement)) expect(pattern).not.toMatch(/^\*/);
  });

  it('keeps the evidence group (it parses untrusted images) from deleting anything', () => {
    const evidence = actionsOf(statementsOf(stateless, 'EvidenceApi'));
    expect(evidence).not.toContain('dynamodb:DeleteItem');
    expect(evidence).not.toContain('dynamodb:BatchWriteItem');
  });

  it('opens the table key through DynamoDB only, wherever it is granted', () => {
    // The stream handlers' event source mappings read the table's stream with CDK's own grant.
    const onDataKey = Object.entries(stateless.findResources('AWS::IAM::Policy'))
      .filter(([id]) => !id.includes('StreamHandler'))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => JSON.stringify(statement.Resource).includes('DataKey'));
    expect(onDataKey.length).toBeGreaterThan(0);
    for (const statement of onDataKey) {
      expect(statement.Action).toEqual('kms:Decrypt');
      expect(JSON.stringify(statement.Condition)).toContain('dynamodb.');
    }
  });

  it('encrypts secrets and evidence under keys of their own, used through their service only', () => {
    const keys = Object.values(stateful.findResources('AWS::KMS::Key')).map(
      (key) => key.Properties.Description as string,
    );
    expect(keys.some((description) => description.includes('secrets'))).toBe(true);
    expect(keys.some((description) => description.includes('evidence'))).toBe(true);
    for (const secret of Object.values(stateful.findResources('AWS::SecretsManager::Secret')))
      expect(JSON.stringify(secret.Properties.KmsKeyId)).toContain('SecretsKey');
    const onEvidenceKey = Object.entries(stateless.findResources('AWS::IAM::Policy')).flatMap(
      ([id, policy]) =>
        (policy.Properties.PolicyDocument.Statement as Statement[])
          .filter((statement) => JSON.stringify(statement.Resource).includes('EvidenceKey'))
          .map((statement) => ({ id, statement })),
    );
    expect(onEvidenceKey.map(({ id }) => id.replace(/ServiceRole.*$/, ''))).toEqual(['EvidenceApi']);
    expect(JSON.stringify(onEvidenceKey[0]?.statement.Condition)).toContain('s3.');
    const onSecretsKey = Object.values(stateless.findResources('AWS::IAM::Policy'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => JSON.stringify(statement.Resource).includes('SecretsKey'));
    // Every reader of a secret holds the key's Decrypt: an empty list here is the bug it once was.
    expect(onSecretsKey.length).toBeGreaterThan(10);
    for (const statement of onSecretsKey)
      expect(JSON.stringify(statement.Condition)).toContain('secretsmanager.');
  });

  it('gives the relay task only its partitions of the table, and never a scan or a batch write', () => {
    const task = Object.entries(stateless.findResources('AWS::IAM::Policy'))
      .filter(([id]) => id.startsWith('RelayTaskTaskRole'))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => actionsOf([statement]).some((action) => action.startsWith('dynamodb:')));
    expect(task).toHaveLength(relayTable.length);
    for (const statement of task)
      expect(JSON.stringify(statement.Condition)).toContain('dynamodb:LeadingKeys');
    expect(actionsOf(task)).not.toContain('dynamodb:Scan');
    expect(actionsOf(task)).not.toContain('dynamodb:BatchWriteItem');
  });
});

describe('the APIs at the edge', () => {
  const stageOf = (apiPrefix: string) =>
    Object.entries(stateless.findResources('AWS::ApiGatewayV2::Stage')).find(([id]) =>
      id.startsWith(apiPrefix),
    )?.[1].Properties as {
      AccessLogSettings: { Format: string };
      DefaultRouteSettings: unknown;
      RouteSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    };

  it('throttles each route at its group’s ceiling, unmatched requests at health’s', () => {
    const api = stageOf('ApiDefaultStage');
    for (const route of routes)
      expect(api.RouteSettings[routeKey(route)], routeKey(route)).toEqual({
        ThrottlingRateLimit: groupAccess[route.group].throttle.rate,
        ThrottlingBurstLimit: groupAccess[route.group].throttle.burst,
      });
    expect(api.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: groupAccess.health.throttle.rate,
      ThrottlingBurstLimit: groupAccess.health.throttle.burst,
    });
    expect(stageOf('GatewayDefaultStage').DefaultRouteSettings).toBeDefined();
    expect(gatewayRoutes.length).toBeGreaterThan(0);
  });

  it('logs each request by its route template, never the path (a link token is in it) nor the caller’s address', () => {
    for (const prefix of ['ApiDefaultStage', 'GatewayDefaultStage']) {
      const format = stageOf(prefix).AccessLogSettings.Format;
      expect(format).toContain('$context.routeKey');
      expect(format).not.toContain('$context.path');
      expect(format).not.toContain('sourceIp');
    }
  });

  it('puts a WAF web ACL with AWS managed rules in front of the relay’s load balancer', () => {
    stateless.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    const [acl] = Object.values(stateless.findResources('AWS::WAFv2::WebACL'));
    expect(acl?.Properties.Scope).toBe('REGIONAL');
    expect(JSON.stringify(acl?.Properties.Rules)).toContain('AWSManagedRulesAmazonIpReputationList');
  });
});
