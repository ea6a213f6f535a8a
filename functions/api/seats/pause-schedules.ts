import { failureCauseOf } from '../../../shared/app/failure-cause';
import { scheduleTargets } from '../../../shared/adapters/scheduler/schedule-targets';
import { configFor } from '../../../shared/config/config';
import { lazy } from '../../../shared/lazy';
import { configuredScheduler } from '../../schedules';
import { logger, settings } from '../runtime';

const { pauseResumeScheduler: scheduler } = configFor('pauseResumeScheduler');

/**
 * The schedules that end pauses, made by the seats group only (so only it checks their settings):
 * EventBridge Scheduler in AWS, the embedded scheduler of the local stack's process locally.
 */
export const pauseResumes = lazy(() =>
  configuredScheduler(scheduleTargets.pauseResume, {
    config: scheduler,
    targetArn: settings.PAUSE_RESUME_TARGET_ARN,
    region: settings.AWS_REGION,
    onGiveUp: (end, error) => logger.error('pause.end_failed', { ...end, cause: failureCauseOf(error) }),
  }),
);
