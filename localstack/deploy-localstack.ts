import { spawnSync } from 'node:child_process';

/**
 * `npm run deploy:localstack`: the CDK app of AWS, bootstrapped and deployed to a LocalStack started
 * with localstack/docker-compose.yml (docs/deploy-localstack.md says what runs there and what does not).
 * cdklocal points the CDK CLI at LocalStack's endpoint; the credentials are LocalStack's dummies.
 */
const environment = {
  ...process.env,
  AWS_ACCESS_KEY_ID: process.env['AWS_ACCESS_KEY_ID'] ?? 'test',
  AWS_SECRET_ACCESS_KEY: process.env['AWS_SECRET_ACCESS_KEY'] ?? 'test',
  AWS_REGION: process.env['AWS_REGION'] ?? 'sa-east-1',
  CDK_DEFAULT_ACCOUNT: process.env['CDK_DEFAULT_ACCOUNT'] ?? '000000000000',
  CDK_DEFAULT_REGION: process.env['CDK_DEFAULT_REGION'] ?? 'sa-east-1',
};
const stage = ['-c', `stage=${process.env['STAGE'] ?? 'local'}`];

const cdklocal = (...args: string[]): void => {
  const { status } = spawnSync('cdklocal', args, { stdio: 'inherit', env: environment });
  if (status !== 0) process.exit(status ?? 1);
};

cdklocal('bootstrap', ...stage);
cdklocal('deploy', '--all', '--require-approval', 'never', ...stage, ...process.argv.slice(2));
