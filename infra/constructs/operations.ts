import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IAlarm,
  type IMetric,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import {
  businessMetrics,
  metricsNamespace,
  metricsService,
  type BusinessMetric,
} from '../../shared/domain/metrics/business-metrics';
import type { RelayService } from './relay-service';

/**
 * When the alarms fire, as data (docs/operations.md explains each):
 * - `serverErrors`: 5xx answers of an HTTP API in five minutes. Every error the code knows of is a
 *   4xx in the envelope, so a 5xx is a crash, a timeout or API Gateway's own failure; a few at once
 *   is worth a look, one alone is not.
 * - `functionErrors` / `functionThrottles`: any, in five minutes. Handlers answer their errors
 *   (the envelope, partial batch failures), so a Lambda error is an invocation that crashed or ran out
 *   of time, and a throttle is a request or a batch refused for concurrency.
 * - `relayConnections`: the streams held by all relay tasks together (each task publishes its own
 *   count every minute) for five minutes running. The relay scales out to 20 tasks on the load
 *   balancer's active connections; near their capacity the next clients wait or fail.
 */
export const alarmThresholds = {
  serverErrors: 5,
  functionErrors: 1,
  functionThrottles: 1,
  relayConnections: 40_000,
} as const;

const period = Duration.minutes(5);

/** A business metric (namespace `FamilyProtection`, dimension `service`), summed per period unless told. */
export const businessMetric = (name: BusinessMetric, statistic = 'Sum'): Metric =>
  new Metric({
    namespace: metricsNamespace,
    metricName: name,
    dimensionsMap: { service: metricsService },
    statistic,
    period: Duration.minutes(1),
  });

export interface OperationsProps {
  stage: string;
  /** The HTTP APIs: the service's and the webhook gateway's. */
  apis: Record<string, HttpApi>;
  /** Every Lambda function of the stage, by the name the dashboard shows. */
  functions: Record<string, IFunction>;
  /** Every dead-letter queue's depth (each already has its own alarm), by the name the dashboard shows. */
  deadLetters: Record<string, Metric>;
  /** The dead-letter alarms of this stack, for the dashboard's alarm list. */
  deadLetterAlarms: readonly IAlarm[];
  relay: RelayService;
  /** Where every alarm of the stage notifies (operators subscribe to it). */
  alarmTopic: ITopic;
}

/**
 * What operators watch: the alarms on API 5xx, on every function's errors and throttles and on the
 * relay's connection count (the dead-letter alarms are built with their queues), all notifying the
 * stage's alarm topic, and one CloudWatch dashboard of the service's health and business figures.
 */
export class Operations extends Construct {
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const action = new SnsAction(props.alarmTopic);
    const alarm = (alarmId: string, description: string, metric: IMetric, threshold: number): Alarm => {
      const made = new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      made.addAlarmAction(action);
      this.alarms.push(made);
      return made;
    };

    for (const [name, api] of Object.entries(props.apis))
      alarm(
        `${name}ServerErrors`,
        `The ${name} HTTP API answered 5xx ${alarmThresholds.serverErrors} times or more in 5 minutes`,
        api.metricServerError({ period, statistic: 'Sum' }),
        alarmThresholds.serverErrors,
      );
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(
        `${name}Errors`,
        `The function ${name} failed (crashed or timed out) in the last 5 minutes`,
        fn.metricErrors({ period, statistic: 'Sum' }),
        alarmThresholds.functionErrors,
      );
      alarm(
        `${name}Throttles`,
        `The function ${name} was throttled in the last 5 minutes`,
        fn.metricThrottles({ period, statistic: 'Sum' }),
        alarmThresholds.functionThrottles,
      );
    }
    const relayConnections = businessMetric('RelayConnections');
    const relayAlarm = new Alarm(this, 'RelayConnections', {
      alarmDescription: `The relay tasks together held ${alarmThresholds.relayConnections} streams or more for 5 minutes`,
      metric: relayConnections,
      threshold: alarmThresholds.relayConnections,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 5,
      // A relay that stops publishing is seen by its load balancer's health check, not here.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    relayAlarm.addAlarmAction(action);
    this.alarms.push(relayAlarm);

    const functions = Object.entries(props.functions);
    const perFunction = (pick: (fn: IFunction) => Metric) =>
      functions.map(([name, fn]) => pick(fn).with({ label: name, period: Duration.minutes(1) }));
    const wide = { width: 12, height: 6 } as const;
    const dashboard = (this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `family-protection-${props.stage}`,
      defaultInterval: Duration.hours(3),
    }));
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# family-protection ${props.stage}\nAlarms, traffic, business figures, relay, functions and dead letters (docs/operations.md).`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new AlarmStatusWidget({
        title: 'Alarms',
        alarms: [...this.alarms, ...props.deadLetterAlarms],
        width: 24,
        height: 6,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Requests and 5xx per minute',
        left: Object.entries(props.apis).map(([name, api]) =>
          api.metricCount({ label: `${name} requests`, period: Duration.minutes(1), statistic: 'Sum' }),
        ),
        right: Object.entries(props.apis).map(([name, api]) =>
          api.metricServerError({ label: `${name} 5xx`, period: Duration.minutes(1), statistic: 'Sum' }),
        ),
        ...wide,
      }),
      new GraphWidget({
        title: 'Latency p99 (ms)',
        left: Object.entries(props.apis).map(([name, api]) =>
          api.metricLatency({ label: `${name} p99`, period: Duration.minutes(1), statistic: 'p99' }),
        ),
        ...wide,
      }),
    );
    const counted = businessMetrics.filter(
      (name) => name !== 'RelayConnections' && name !== 'ImportSlotsHeld',
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Business: alerts, pairings, imports, excerpt reads (per minute)',
        left: counted.map((name) => businessMetric(name)),
        ...wide,
      }),
      new GraphWidget({
        title: 'Relay streams (all tasks) and import slots held',
        left: [relayConnections.with({ label: 'relay streams' })],
        right: [businessMetric('ImportSlotsHeld', 'Maximum').with({ label: 'import slots held' })],
        leftAnnotations: [{ value: alarmThresholds.relayConnections, label: 'alarm' }],
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Relay: load balancer connections and task CPU / memory',
        left: [
          props.relay.loadBalancer.metrics.activeConnectionCount({ period: Duration.minutes(1) }),
          props.relay.loadBalancer.metrics.newConnectionCount({ period: Duration.minutes(1) }),
        ],
        right: [
          props.relay.service.metricCpuUtilization({ period: Duration.minutes(1) }),
          props.relay.service.metricMemoryUtilization({ period: Duration.minutes(1) }),
        ],
        ...wide,
      }),
      new GraphWidget({
        title: 'Dead-letter queues: messages waiting',
        left: Object.entries(props.deadLetters).map(([name, metric]) =>
          metric.with({ label: name, period: Duration.minutes(1), statistic: 'Maximum' }),
        ),
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Function errors per minute',
        left: perFunction((fn) => fn.metricErrors({ statistic: 'Sum' })),
        ...wide,
      }),
      new GraphWidget({
        title: 'Function throttles per minute',
        left: perFunction((fn) => fn.metricThrottles({ statistic: 'Sum' })),
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Function duration p99 (ms)',
        left: perFunction((fn) => fn.metricDuration({ statistic: 'p99' })),
        width: 24,
        height: 6,
      }),
    );
  }
}

/** A queue's depth by its name, for a queue another stack owns (the stateful stack's dead-letter queues). */
export const queueDepth = (queueName: string): Metric =>
  new Metric({
    namespace: 'AWS/SQS',
    metricName: 'ApproximateNumberOfMessagesVisible',
    dimensionsMap: { QueueName: queueName },
  });
