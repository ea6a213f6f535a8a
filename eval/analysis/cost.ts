import type { ConverseCommandInput } from '@aws-sdk/client-bedrock-runtime';

/** The person the estimate is for: 300 messages received a day, a 30-day month. */
export const MESSAGES_PER_DAY = 300;
export const DAYS_PER_MONTH = 30;

/** How many tokens one Bedrock call costs, and where the figure comes from. */
export interface TokensPerCall {
  input: number;
  output: number;
  /** `measured`: the Converse answers' `usage`; `approximate`: the request's characters / 4. */
  source: 'measured' | 'approximate';
}

export interface CostEstimate {
  messagesPerMonth: number;
  tokensPerCall: TokensPerCall;
  withoutScreen: { calls: number; inputTokens: number; outputTokens: number };
  withScreen: { share: number; calls: number; inputTokens: number; outputTokens: number };
}

/**
 * Bedrock calls and tokens per protected person and month: every message is one analysis, so without
 * the screen every message is a call, with it the share the screen passes.
 */
export const costEstimate = (share: number, tokensPerCall: TokensPerCall): CostEstimate => {
  const messagesPerMonth = MESSAGES_PER_DAY * DAYS_PER_MONTH;
  const of = (calls: number) => ({
    calls: Math.round(calls),
    inputTokens: Math.round(calls * tokensPerCall.input),
    outputTokens: Math.round(calls * tokensPerCall.output),
  });
  return {
    messagesPerMonth,
    tokensPerCall,
    withoutScreen: of(messagesPerMonth),
    withScreen: { share, ...of(messagesPerMonth * share) },
  };
};

/**
 * About 4 characters per token (English and Portuguese prose and JSON, for the Claude family): the
 * models' tokenizers are not published, so offline this is an approximation; a run against Bedrock
 * measures the real count.
 */
const CHARACTERS_PER_TOKEN = 4;

/** The tool call the model answers with when nothing is at risk, as an output estimate. */
const EMPTY_ANSWER_TOKENS = 30;

/** The approximate tokens of the real Converse requests (system prompt, tool schema, window). */
export const approximateTokensPerCall = (requests: readonly ConverseCommandInput[]): TokensPerCall => {
  const characters = requests.reduce(
    (n, r) => n + JSON.stringify([r.system, r.toolConfig, r.messages]).length,
    0,
  );
  return {
    input: requests.length === 0 ? 0 : Math.round(characters / requests.length / CHARACTERS_PER_TOKEN),
    output: EMPTY_ANSWER_TOKENS,
    source: 'approximate',
  };
};
