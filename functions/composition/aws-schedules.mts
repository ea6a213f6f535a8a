/**
 * EventBridge Scheduler and its adapter: a file of its own beside each bundle that imports it
 * (infra/constructs/bundling.ts), loaded on a target's first schedule.
 */
export { SchedulerClient } from '@aws-sdk/client-scheduler';
export { eventBridgeScheduler } from '../../shared/adapters/scheduler/eventbridge-scheduler';
