import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import { createTableAccess } from '../shared/adapters/dynamo/client';
import { dynamoRosterStore } from '../shared/adapters/dynamo/operators.store';
import { retryOnConflict } from '../shared/app/retry-on-conflict';
import { enrollMember, type OperatorMember, type OperatorRole } from '../shared/domain/operators/roster';

/**
 * The local stand-in for the operators' Cognito user pool: its own RS256 key (development only), the
 * JWKS the API verifies with (given to the handlers in configuration), and access tokens shaped as
 * Cognito's (`token_use`, `client_id`, `cognito:groups`, `username`). Enrolling an operator writes
 * them into the roster, as creating the Cognito user and its group does through the member routes.
 */
const privateJwk: JWK = {
  kty: 'RSA',
  n: '0_ItKq66iNLS_YiPqFBwoFnQT3vIw6XpCWioEEQjtldlPFufC_O8vllmoAsR-VEgbg-YejRiMek9fTHpAEhH_nILYA4tPyTJ45OaXZDONpXHqFfgEBf4SMZ4zNtGbcIygnV9hpSIfcOB_7bBxkna03l0HP9RSfEUb5Me4iKUIASl7AQbjzzrl41Fb9z0Mwp_yhY3peZPrtOu7hNy6ScEZy0s9Hg76myKUVxj8nP5LkAxdJhOw352FMIvNQzuck2D6pW1HZnG6_HCC6_7JeoAorOEJqYaI8COOtLNfoxcB7btmOWiz-B_QllEYd5EJwy2NWSRh4hUylyLeHBUDiSr8w',
  e: 'AQAB',
  d: 'GodGhgAm0vdod1l_ebbP0hJL05cP0wVSPN4_owGUYr9fqYViS_GvHzg7cy7PiiBQadZD5I_n9o1WJ_R2UJW7hSqrJ9O-cBffuT-BY9K7LPPkcLrHDdyiNCG7fxC3KQfUoKWqF41B5FPzUpmCeZpG7I9YLET83L9zKmAEzpM7bSJNSbTYRvUpvuE-QU-z_zXp5JSWeBOTJP7VpTP3BKTNLkS0BZUv7W-GZl9vp2XkVVvCSabCXDt-WqqOI-xxUmlCTWi7CMYhDGBTcS7AFpHmA-KgLo3V1WrchCx7jAB-9S-sMe3muTw9oTzqQQHQAoLu66AeRlefE5La02MAN49HYQ',
  p: '_V_a5rIS3TwYa9WBVopjER2PthI3a6KmxtAsyRFFQY5_sKzyB8CKfPmkSAH-8HtsIWPyvRWqp4UrtwDYl8cSmwn7McisGALkGUQ0kSVPA2lenB8IHpAu3NhQ_V8wEB7hqM8TcTUhSiXyHhpXzvfZYtXE6ObOPM0C32b5z0COJsM',
  q: '1iRrzhoRmSNoNN6MgmK4MBYWX7oBXe23i1V-q9JVHJlENiVYR94geTN14n2ILESZNx_v8AV22dJwNubSRmn8sI6ebnATC30vvoPxF2JxdtFDjXVQIzvqQ3gCbiUp9YkRJSfhF0K1wXBV8EK3lCn1lSSLqE0npvqjJ50P6z3j8xE',
  dp: 'nZZVtrBArVroMYFsXR_bN9T0AiDYWVijc_ocML5OHdT8NC2Mpyeouswl0idzoayR9z6LxfDI4EIii0K6c8P8HXOayT7vUkvSBKj4LOJQf2W001M1oJS6oN7lmIDwisY6QdzxUbLizpRFP1XREUfz69XbD6Ql14kG5V3Nt4qGHzM',
  dq: 'tdOhEhSCgtRUpCefiQqHuJTYlJmclYPGSHHkp8JlcG4XRB57kjJiwmbWnuTWHjh1HCBrHBOXsiaED6n4O7-8xrGihsV09llqk8r2iFOXYjsXr-I_lFtIc9dPwPSfZxPmUfVFo_mJ2OEop2QO-qiSFPw99T7l_1tr87PiE22uwvE',
  qi: 'InyosPc50v-cBK8Tp3zQyAqr99ELLoWL7lR5i7i7lTw6E6kgTK4gfLM_mKh5GbXh176LdQghC4LIdg3fCccQhtseTAGgzNv5iDH10QnL1-xMKKy8pY6HN5jSO8sgQosQOsJCJVoEuBrGj4eI-sdrrCeKiPAA3cCMYcq0oxdEJ-A',
  kid: 'local-operator-issuer-1',
  alg: 'RS256',
  use: 'sig',
};

const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;

export const operatorIssuer = {
  issuer: 'http://127.0.0.1/local-operator-issuer',
  clientId: 'local-backoffice',
  jwks: { keys: [publicJwk] },
} as const;

/** Cognito's default access-token lifetime. */
const TOKEN_TTL_SECONDS = 3600;

export const signOperatorToken = async (
  member: Pick<OperatorMember, 'uid' | 'email' | 'role'>,
  /** Tests forge what Cognito never issues: another key, an old instant, other claims. */
  options: { now?: Date; ttlSeconds?: number; key?: JWK; claims?: Record<string, unknown> } = {},
): Promise<string> => {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const key = options.key ?? privateJwk;
  return new SignJWT({
    token_use: 'access',
    client_id: operatorIssuer.clientId,
    scope: 'aws.cognito.signin.user.admin',
    username: member.email,
    'cognito:groups': [member.role],
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid ?? '' })
    .setSubject(member.uid)
    .setIssuer(operatorIssuer.issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.ttlSeconds ?? TOKEN_TTL_SECONDS))
    .setJti(randomUUID())
    .sign(await importJWK(key, 'RS256'));
};

/** Records the address as a member with this role (a new subject the first time) and answers it. */
export const enrollOperator = async (
  table: { endpoint: string; tableName: string; region?: string },
  request: { email: string; role: OperatorRole },
): Promise<OperatorMember> => {
  const store = dynamoRosterStore(
    createTableAccess({
      tableName: table.tableName,
      endpoint: table.endpoint,
      region: table.region ?? 'sa-east-1',
    }),
  );
  const candidate: OperatorMember = {
    uid: randomUUID(),
    email: request.email,
    role: request.role,
    createdAt: new Date().toISOString(),
  };
  return retryOnConflict(async () => {
    const before = await store.read();
    const { roster, member } = enrollMember(before, candidate);
    await store.write(before, roster, null);
    return member;
  });
};
