import { inject } from 'vitest';
import type { OperatorMember, OperatorRole } from '../../../shared/domain/operators/roster';
import { enrollOperator, signOperatorToken } from '../../../localstack/operator-issuer';
import { uniqueEmail } from './api';

/**
 * An operator of the local stack, as `npm run operator-token` makes one: recorded on the roster with
 * this role, and an access token of the local stand-in issuer.
 */
export const operator = async (
  role: OperatorRole = 'owner',
  email = uniqueEmail('ops'),
): Promise<OperatorMember & { token: string }> => {
  const member = await enrollOperator(inject('stackDynamo'), { email, role });
  return { ...member, token: await signOperatorToken(member) };
};
