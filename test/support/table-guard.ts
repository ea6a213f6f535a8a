import { afterAll } from 'vitest';
import { guardTableCalls } from '../../localstack/table-guard';

/**
 * Opts the calling test file into the local table guard (localstack/table-guard.ts), as the local
 * stack runs: the table clients built after this call refuse, as IAM would, any call made as a
 * function (`runAs`) that the function's row does not grant. Setup outside a function is not
 * checked. Call it at the top of the file, before any table client is built.
 */
export const guardTableCallsOfThisFile = (): void => {
  afterAll(guardTableCalls());
};
