import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecurityGroup, IVpc } from 'aws-cdk-lib/aws-ec2';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { CfnSchedule, CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import type { ScheduleTargetName } from '../../shared/adapters/scheduler/schedule-targets';
import { queuedBodyPrefix } from '../../shared/adapters/sqs/queued-body';
import {
  consumerFunctionId,
  consumers,
  deadLetterRetentionDays,
  pascal,
  queueConsumers,
  queueUrlVariable,
  scheduleConsumers,
  targetArnVariable,
  targetFunctionName,
  type Consumer,
  type ConsumerName,
  type Need,
  type QueueConsumer,
  type ScheduleConsumer,
  type QueueName,
} from '../consumers';
import { ApiFunction } from './api-function';
import { grantSecretRead, grantServiceSecrets, type ServiceSecrets } from './service-secrets';
import { grantSeatKeysTable, grantTableAccess } from './table-access';
import { grantDataKeys } from './data-keys';
import { seatKeysTableActions } from '../table-grants';
import { deadLetterAlarm, deadLetterReason } from './dead-letter-alarm';
import { acknowledge, acknowledgeWildcards } from '../nag';

export interface ConsumersProps {
  stage: string;
  table: ITableV2;
  serviceSecrets: ServiceSecrets;
  gatewaySecrets: ISecret;
  /** The queue rows' queues (built in the stateful stack from the same rows). */
  queues: Record<QueueName, IQueue>;
  /** The key of the queues that carry message text (`carriesMessageText`). */
  queuedContentKeyArn: string;
  /** Where the relay tasks listen for pushes: their VPC, and the group allowed to their push port. */
  relay: { vpc: IVpc; pushClients: ISecurityGroup };
  sessionProviderUrl: string;
  /** The gateway's `/webhooks/session-provider`, where sessions send their events. */
  sessionProviderWebhookUrl: string;
  mailFrom: string;
  /** The SNS platform applications guardians' devices have push endpoints in. */
  pushApplications: PushApplications;
  /** Where the gateway keeps a body too large for a queue message. */
  eventBodies: IBucket;
  /** The key seat data keys are wrapped under. */
  seatKeyArn: string;
  /** The seats' wrapped data keys (read by those that open them). */
  seatKeysTable: ITableV2;
  /** The Bedrock foundation model the analysis calls (`ANALYSIS_MODEL_ID`). */
  analysisModelId: string;
  /** `ANALYZER`: `bedrock` or `cascade` (infra/stage.ts). */
  analyzer: 'bedrock' | 'cascade';
  /** The business provider's sending number (`WHATSAPP_PHONE_NUMBER_ID`). */
  whatsappPhoneNumberId: string;
}

/** The environment that names the event-body store (the gateway's and the workers' alike). */
export const eventBodiesEnvironment = (bucket: IBucket): Record<string, string> => ({
  EVENT_BODIES: 's3',
  EVENT_BODIES_BUCKET: bucket.bucketName,
});

/** The SNS platform applications of a stage (APNs, FCM): `PUSH_IOS_APPLICATION_ARN`, `PUSH_ANDROID_APPLICATION_ARN`. */
export interface PushApplications {
  ios: string;
  android: string;
}

/** The endpoints SNS makes in a platform application: `arn:…:app/<platform>/<name>` -> `arn:…:endpoint/<platform>/<name>/*`. */
export const pushEndpointsOf = (applications: PushApplications): string[] =>
  [applications.ios, applications.android].map((arn) => `${arn.replace(':app/', ':endpoint/')}/*`);

/** Lets a function push to guardians' devices: publish to the endpoints of the stage's applications only. */
export const grantPush = (fn: NodejsFunction, applications: PushApplications): void => {
  fn.addEnvironment('NOTIFY_DELIVERY', 'aws');
  const publish = new PolicyStatement({ actions: ['sns:Publish'], resources: pushEndpointsOf(applications) });
  fn.addToRolePolicy(publish);
  acknowledgeWildcards(
    fn,
    publish,
    'Devices register at run time: the endpoints of the stage’s two platform applications, and no other.',
  );
};

/** Lets a function send guardians' e-mail, from the stage's address only. */
export const grantSendMail = (fn: NodejsFunction, mailFrom: string): void => {
  const send = new PolicyStatement({
    actions: ['ses:SendEmail'],
    resources: ['*'],
    conditions: { StringEquals: { 'ses:FromAddress': mailFrom } },
  });
  fn.addToRolePolicy(send);
  acknowledgeWildcards(
    fn,
    send,
    'SES authorises a send on the recipient identities too (any guardian’s address): the sender is pinned by the ses:FromAddress condition instead.',
  );
};

/**
 * A queue that carries message text is encrypted under the queued-content key: SQS uses it for the
 * queue's producers (`kms:GenerateDataKey`, `kms:Decrypt`) and its worker (`kms:Decrypt`), and for
 * nobody else (CDK's own grants would add `kms:ReEncrypt*` and `kms:GenerateDataKey*`).
 */
const grantQueuedContentKey = (
  fn: NodejsFunction,
  row: QueueConsumer,
  keyArn: string,
  actions: readonly ('kms:GenerateDataKey' | 'kms:Decrypt')[],
): void => {
  const { carriesMessageText = false }: QueueConsumer = row;
  if (!carriesMessageText) return;
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [...actions],
      resources: [keyArn],
      conditions: { StringEquals: { 'kms:ViaService': `sqs.${Stack.of(fn).region}.amazonaws.com` } },
    }),
  );
};

/** Lets `fn` send to a queue row's queue (and use its key, where the row carries message text). */
export const grantQueueSend = (
  fn: NodejsFunction,
  row: QueueConsumer,
  queue: IQueue,
  queuedContentKeyArn: string,
): void => {
  queue.grantSendMessages(fn);
  grantQueuedContentKey(fn, row, queuedContentKeyArn, ['kms:GenerateDataKey', 'kms:Decrypt']);
};

/**
 * Every row of the consumers table (infra/consumers.ts), built in `scope` (construct ids are the
 * stack's own): its function with what its needs grant, its event source (a queue's mapping
 * reporting partial batch failures, the table stream's with its filter, its dead-letter queue and
 * alarm) or, for a schedule target, the Scheduler's right to invoke it. The schedules' group, role
 * and dead-letter queue exist once some row needs them.
 */
export const buildConsumers = (scope: Stack, props: ConsumersProps) => {
  const { stage, table } = props;
  /** The dead-letter queues built here and their alarms, by row name (the schedules' as `schedules`). */
  const deadLetters: Record<string, { queue: Queue; alarm: Alarm }> = {};

  const targetArn = (name: ScheduleTargetName) =>
    scope.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: targetFunctionName(stage, name),
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
  let schedulesInfra: { group: CfnScheduleGroup; role: Role; deadLetter: Queue } | undefined;
  const schedules = () =>
    (schedulesInfra ??= (() => {
      const group = new CfnScheduleGroup(scope, 'Schedules', {
        name: `family-protection-${stage}-schedules`,
      });
      const deadLetter = new Queue(scope, 'ScheduleDeadLetter', {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(deadLetterRetentionDays),
      });
      acknowledge(deadLetter, 'SQS3', deadLetterReason);
      deadLetters['schedules'] = {
        queue: deadLetter,
        alarm: deadLetterAlarm(scope, 'ScheduleDeadLetterAlarm', deadLetter),
      };
      // The role EventBridge Scheduler assumes to run a schedule: invoke its target, report to the DLQ.
      const role = new Role(scope, 'SchedulerRole', {
        assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': scope.account } },
        }),
      });
      role.addToPolicy(
        new PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: scheduleConsumers.map((row) => targetArn(row.name)),
        }),
      );
      deadLetter.grantSendMessages(role);
      return { group, role, deadLetter };
    })());

  /** Lets `fn` create and delete the schedules of `names` (and only theirs: names carry the target). */
  const grantSchedules = (fn: NodejsFunction, names: readonly ScheduleTargetName[]): void => {
    const { group, role, deadLetter } = schedules();
    fn.addEnvironment('SCHEDULER', 'eventbridge');
    fn.addEnvironment('SCHEDULER_GROUP_NAME', group.ref);
    fn.addEnvironment('SCHEDULER_ROLE_ARN', role.roleArn);
    fn.addEnvironment('SCHEDULER_DLQ_ARN', deadLetter.queueArn);
    for (const name of names) fn.addEnvironment(targetArnVariable(name), targetArn(name));
    const manage = new PolicyStatement({
      actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
      resources: names.map((name) =>
        scope.formatArn({
          service: 'scheduler',
          resource: 'schedule',
          resourceName: `${group.ref}/${name}-*`,
        }),
      ),
    });
    fn.addToRolePolicy(manage);
    acknowledgeWildcards(
      fn,
      manage,
      'One-time schedules are named at run time (`<target>-<id>`): only the names of the targets this function schedules, in the stage’s group.',
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  };

  /**
   * Lets `fn` hand work to another row's worker: send to its queue, named to it by
   * `<NAME>_QUEUE_URL` (admitted history imports, ended pairings' sessions).
   */
  const grantSendTo =
    (name: QueueName) =>
    (fn: NodejsFunction): void => {
      const row = queueConsumers.find((one) => one.name === name);
      if (row === undefined) throw new Error(`no queue row ${name}`);
      fn.addEnvironment(queueUrlVariable(name), props.queues[name].queueUrl);
      grantQueueSend(fn, row, props.queues[name], props.queuedContentKeyArn);
    };

  // Workers never make data keys nor touch the device key: only the seat key is theirs to open.
  const dataKeyArns = { seat: props.seatKeyArn };

  const grants: Record<Need, (fn: NodejsFunction) => void> = {
    historyImports: grantSendTo('historyImport'),
    sessionEnds: grantSendTo('sessionEnds'),
    sessionProvider: (fn) => {
      fn.addEnvironment('SESSION_PROVIDER_URL', props.sessionProviderUrl);
      fn.addEnvironment('SESSION_PROVIDER_WEBHOOK_URL', props.sessionProviderWebhookUrl);
      fn.addEnvironment('GATEWAY_SECRETS_ARN', props.gatewaySecrets.secretArn);
      grantSecretRead(fn, props.gatewaySecrets);
    },
    push: (fn) => grantPush(fn, props.pushApplications),
    mail: (fn) => {
      fn.addEnvironment('MAIL_FROM', props.mailFrom);
      grantSendMail(fn, props.mailFrom);
    },
    // Its table grant (the registrations of relay topics) is its row's.
    relayPush: () => undefined,
    // Opens seat data keys (to seal and open messages), under a seat's context only, reading their
    // wrapped copies from the seat keys' table.
    seatKeys: (fn) => {
      grantSeatKeysTable(fn, props.seatKeysTable, seatKeysTableActions(['open']));
      grantDataKeys(fn, dataKeyArns, [{ key: 'seat', use: ['open'] }]);
    },
    analysis: (fn) => {
      fn.addEnvironment('ANALYZER', props.analyzer);
      fn.addEnvironment('ANALYSIS_MODEL_ID', props.analysisModelId);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['bedrock:InvokeModel'],
          resources: [
            scope.formatArn({
              service: 'bedrock',
              account: '',
              resource: 'foundation-model',
              resourceName: props.analysisModelId,
            }),
          ],
        }),
      );
    },
    businessProvider: (fn) => void fn.addEnvironment('WHATSAPP_PHONE_NUMBER_ID', props.whatsappPhoneNumberId),
    eventBodies: (fn) => {
      for (const [name, value] of Object.entries(eventBodiesEnvironment(props.eventBodies)))
        fn.addEnvironment(name, value);
      const readAndRemove = new PolicyStatement({
        actions: ['s3:GetObject', 's3:DeleteObject'],
        resources: [props.eventBodies.arnForObjects(`${queuedBodyPrefix}*`)],
      });
      fn.addToRolePolicy(readAndRemove);
      acknowledgeWildcards(
        fn,
        readAndRemove,
        'Kept bodies are named by their event at run time: the objects under the kept-body prefix only.',
      );
    },
  };

  const build = (row: (typeof consumers)[number]): NodejsFunction => {
    const id = consumerFunctionId(row);
    const { needs, schedules: scheduled, logMetrics = [] }: Consumer = row;
    const { function: fn, logGroup } = new ApiFunction(scope, id, {
      entry: row.entry,
      environment: {
        STAGE: stage,
        TABLE_NAME: table.tableName,
        POWERTOOLS_SERVICE_NAME: 'family-protection-workers',
      },
      readsSecrets: true,
      timeout: Duration.seconds(row.timeoutSeconds),
      ...(row.kind === 'schedule' ? { functionName: targetFunctionName(stage, row.name) } : {}),
      ...(needs.includes('relayPush')
        ? { vpc: { vpc: props.relay.vpc, securityGroups: [props.relay.pushClients] } }
        : {}),
    });
    grantServiceSecrets(fn, props.serviceSecrets, row.secrets);
    if (row.table.length > 0) grantTableAccess(fn, table, row.table);
    for (const need of needs) grants[need](fn);
    if (scheduled !== undefined) grantSchedules(fn, scheduled);
    for (const metric of logMetrics) {
      new MetricFilter(scope, metric.metricName, {
        logGroup,
        metricNamespace: 'FamilyProtection',
        metricName: metric.metricName,
        filterPattern: FilterPattern.stringValue(`$.${metric.field}`, '=', metric.value),
        metricValue: '1',
      });
    }

    if (row.kind === 'schedule') {
      const { every }: ScheduleConsumer = row;
      if (every !== undefined) {
        const { group, role, deadLetter } = schedules();
        new CfnSchedule(scope, `${pascal(row.name)}Every`, {
          groupName: group.ref,
          scheduleExpression: `rate(${every.minutes} ${every.minutes === 1 ? 'minute' : 'minutes'})`,
          flexibleTimeWindow: { mode: 'OFF' },
          target: {
            arn: fn.functionArn,
            roleArn: role.roleArn,
            input: '{}',
            deadLetterConfig: { arn: deadLetter.queueArn },
            // A missed run is made up by the next one: no retry beyond the next minute.
            retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 * every.minutes },
          },
        });
      }
    }
    if (row.kind === 'queue') {
      const { maxBatchingWindowSeconds, requeues = false }: QueueConsumer = row;
      if (requeues) {
        grantQueueSend(fn, row, props.queues[row.name], props.queuedContentKeyArn);
        fn.addEnvironment(queueUrlVariable(row.name), props.queues[row.name].queueUrl);
      }
      grantQueuedContentKey(fn, row, props.queuedContentKeyArn, ['kms:Decrypt']);
      fn.addEventSource(
        new SqsEventSource(props.queues[row.name], {
          batchSize: row.batchSize,
          reportBatchItemFailures: true,
          ...(maxBatchingWindowSeconds === undefined
            ? {}
            : { maxBatchingWindow: Duration.seconds(maxBatchingWindowSeconds) }),
        }),
      );
    }
    if (row.kind === 'stream') {
      const deadLetter = new Queue(scope, `${pascal(row.name)}DeadLetter`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(deadLetterRetentionDays),
      });
      acknowledge(deadLetter, 'SQS3', deadLetterReason);
      deadLetters[row.name] = {
        queue: deadLetter,
        alarm: deadLetterAlarm(scope, `${pascal(row.name)}DeadLetterAlarm`, deadLetter),
      };
      fn.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: StartingPosition.LATEST,
          batchSize: row.batchSize,
          retryAttempts: row.retryAttempts,
          bisectBatchOnError: true,
          onFailure: new SqsDlq(deadLetter),
          filters: [FilterCriteria.filter(row.filter)],
        }),
      );
    }
    return fn;
  };

  const functions = Object.fromEntries(consumers.map((row) => [row.name, build(row)])) as Record<
    ConsumerName,
    NodejsFunction
  >;
  return { functions, grantSchedules, deadLetters };
};
