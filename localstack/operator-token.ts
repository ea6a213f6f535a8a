import { parseArgs } from 'node:util';
import * as z from '../shared/validation/z';
import { operatorRoles } from '../shared/domain/operators/roster';
import { normaliseEmail } from '../shared/domain/people/email';
import { defaultPorts, localEnvironment } from './dev-config';
import { enrollOperator, signOperatorToken } from './operator-issuer';

/**
 * `npm run operator-token -- ops@example.com [--role owner|operator]`: records the operator as a
 * member of the running local stack's roster with that role (default `owner`) and prints an access
 * token signed by the local stand-in issuer. `DYNAMODB_PORT` and `TABLE_NAME` name the stack's table.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string', default: 'owner' } },
});
const email = z.email().safeParse(normaliseEmail(positionals[0] ?? ''));
const role = z.enum(operatorRoles).safeParse(values.role);
if (!email.success || !role.success || positionals.length !== 1) {
  process.stderr.write('usage: npm run operator-token -- EMAIL [--role owner|operator]\n');
  process.exit(2);
}
const dynamoPort = process.env['DYNAMODB_PORT'] ?? String(defaultPorts.DYNAMODB_PORT);
const environment = localEnvironment({ ...defaultPorts, DYNAMODB_PORT: Number(dynamoPort) }, process.env);
const member = await enrollOperator(
  { endpoint: environment.DYNAMODB_ENDPOINT, tableName: environment.TABLE_NAME },
  { email: email.data, role: role.data },
);
process.stdout.write(`${await signOperatorToken(member)}\n`);
