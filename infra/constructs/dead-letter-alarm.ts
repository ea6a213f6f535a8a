import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * Why a dead-letter queue has none of its own (cdk-nag SQS3): nothing consumes it, so nothing can
 * fail there; it keeps what it holds for the longest SQS allows, and its alarm fires on the first.
 */
export const deadLetterReason =
  'A dead-letter queue itself: nothing consumes it, so nothing fails there to dead-letter again; it keeps messages 14 days and its alarm fires on the first one.';

/** Anything in a dead-letter queue is a message the service gave up on: someone must look. */
export const deadLetterAlarm = (scope: Construct, id: string, queue: IQueue): Alarm =>
  new Alarm(scope, id, {
    alarmDescription: `Messages are waiting in the dead-letter queue ${queue.queueName}`,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) }),
    threshold: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
