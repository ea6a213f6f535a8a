import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumers, queueConsumers, queueNames, streamConsumers } from '../../infra/consumers';
import { alarmThresholds } from '../../infra/constructs/operations';
import { functionGroups, gatewayRoutes } from '../../infra/routes';
import { businessMetrics } from '../../shared/domain/metrics/business-metrics';
import { testStacks } from '../support/stage-settings';

let stateful: Template;
let stateless: Template;

beforeAll(() => {
  const stacks = testStacks();
  stateful = Template.fromStack(stacks.stateful);
  stateless = Template.fromStack(stacks.stateless);
});

type Resource = { Properties: Record<string, unknown> };
const resources = (template: Template, type: string): [string, Resource][] =>
  Object.entries(template.findResources(type)) as [string, Resource][];
/** The service's functions: CDK's own deploy-time providers (`Custom…`) run only while deploying. */
const ourFunctions = () =>
  resources(stateless, 'AWS::Lambda::Function').filter(([id]) => !id.startsWith('Custom'));
const functionIds = () => ourFunctions().map(([id]) => id);
const alarmsOn = (metricName: string) =>
  resources(stateless, 'AWS::CloudWatch::Alarm').filter(
    ([, alarm]) => alarm.Properties['MetricName'] === metricName,
  );
/** Whether an alarm names the stage's alarm topic among its actions (by import from the stateful stack, or by ref). */
const notifiesTopic = (alarm: Resource) =>
  /AlarmsTopic/.test(JSON.stringify(alarm.Properties['AlarmActions']));
/** The relay's target-tracking/step-scaling alarms act on the scaling policy, not on people. */
const isScalingAlarm = (alarm: Resource) => /ScalingPolicy|ActiveConnections/.test(JSON.stringify(alarm));

describe('tracing', () => {
  it('is active on every Lambda function', () => {
    const all = ourFunctions();
    expect(all.length).toBe(
      functionGroups.length + new Set(gatewayRoutes.map((route) => route.name)).size + consumers.length,
    );
    for (const [id, fn] of all)
      expect([id, fn.Properties['TracingConfig']]).toEqual([id, { Mode: 'Active' }]);
  });
});

describe('the alarms', () => {
  it('watch every function’s errors and throttles, over five minutes', () => {
    const ids = functionIds();
    for (const metric of ['Errors', 'Throttles']) {
      const alarms = alarmsOn(metric);
      expect(alarms).toHaveLength(ids.length);
      const watched = alarms.map(([, alarm]) => JSON.stringify(alarm.Properties['Dimensions']));
      for (const id of ids) expect(watched.some((dimensions) => dimensions.includes(id))).toBe(true);
      for (const [, alarm] of alarms)
        expect(alarm.Properties).toMatchObject({
          Namespace: 'AWS/Lambda',
          Period: 300,
          Statistic: 'Sum',
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
        });
    }
  });

  it('watch the 5xx answers of both HTTP APIs', () => {
    const alarms = alarmsOn('5xx');
    expect(alarms).toHaveLength(2);
    for (const [, alarm] of alarms)
      expect(alarm.Properties).toMatchObject({
        Namespace: 'AWS/ApiGateway',
        Statistic: 'Sum',
        Threshold: alarmThresholds.serverErrors,
      });
    const apis = alarms.map(([, alarm]) => JSON.stringify(alarm.Properties['Dimensions']));
    expect(apis.some((one) => one.includes('"Ref":"Api'))).toBe(true);
    expect(apis.some((one) => one.includes('"Ref":"Gateway'))).toBe(true);
  });

  it('watch the streams the relay tasks publish they hold, summed over the tasks', () => {
    stateless.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'FamilyProtection',
      MetricName: 'RelayConnections',
      Dimensions: [{ Name: 'service', Value: 'family-protection' }],
      Statistic: 'Sum',
      Period: 60,
      EvaluationPeriods: 5,
      Threshold: alarmThresholds.relayConnections,
    });
  });

  it('keep a dead-letter alarm on every dead-letter queue', () => {
    expect(alarmsOn('ApproximateNumberOfMessagesVisible')).toHaveLength(1 + streamConsumers.length);
    expect(
      resources(stateful, 'AWS::CloudWatch::Alarm').filter(
        ([, alarm]) => alarm.Properties['MetricName'] === 'ApproximateNumberOfMessagesVisible',
      ),
    ).toHaveLength(queueConsumers.length);
  });

  it('all notify the stage’s alarm topic, in both stacks (the relay’s scaling alarms scale, they page nobody)', () => {
    for (const template of [stateful, stateless])
      for (const [id, alarm] of resources(template, 'AWS::CloudWatch::Alarm'))
        if (!isScalingAlarm(alarm)) expect([id, notifiesTopic(alarm)]).toEqual([id, true]);
  });

  it('notify a topic encrypted under a key CloudWatch may use, over TLS only', () => {
    stateful.resourceCountIs('AWS::SNS::Topic', 1);
    // Subscriptions are made by hand: the topic stays when the stack goes, as the data does.
    stateful.hasResource('AWS::SNS::Topic', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    stateful.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: Match.objectLike({
        'Fn::GetAtt': Match.arrayWith([Match.stringLikeRegexp('AlarmsKey')]),
      }),
    });
    stateful.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    stateful.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
  });
});

describe('the dashboard', () => {
  const body = () => {
    const [[, dashboard]] = resources(stateless, 'AWS::CloudWatch::Dashboard') as [[string, Resource]];
    return JSON.stringify(dashboard.Properties['DashboardBody']);
  };

  it('is one, named for the stage', () => {
    stateless.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    stateless.hasResourceProperties('AWS::CloudWatch::Dashboard', {
      DashboardName: 'family-protection-test',
    });
  });

  it('shows every business metric, the relay, the APIs and the alarms', () => {
    for (const metric of businessMetrics) expect(body()).toContain(`\\"${metric}\\"`);
    for (const metric of ['ActiveConnectionCount', 'CPUUtilization', '5xx', 'Latency', 'alarm'])
      expect(body()).toContain(metric);
    expect(body()).toContain('\\"type\\":\\"alarm\\"');
  });

  it('shows the depth of every dead-letter queue, the stateful stack’s by name', () => {
    for (const row of queueConsumers) expect(body()).toContain(`test-${queueNames(row).deadLetter}`);
    for (const row of streamConsumers)
      expect(body()).toContain(`${row.name[0]?.toUpperCase()}${row.name.slice(1)}DeadLetter`);
    expect(body()).toContain('ScheduleDeadLetter');
  });

  it('shows every function’s errors, throttles and duration', () => {
    for (const id of functionIds()) expect(body()).toContain(id);
    for (const metric of ['Errors', 'Throttles', 'Duration']) expect(body()).toContain(`\\"${metric}\\"`);
  });
});
