/**
 * Amazon Bedrock and the analyzer that asks it: a file of its own beside each bundle that imports it
 * (infra/constructs/bundling.ts), loaded on the first window Bedrock reads.
 */
export { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
export { bedrockAnalyzer } from '../../shared/adapters/analysis/bedrock-analyzer';
