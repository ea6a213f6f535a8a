import { importJWK, SignJWT } from 'jose';
import { devSecrets } from '../../localstack/dev-config';

/** An access token for a user, signed as the service signs its own with the local stack's dev key. */
export const accessToken = async (userUid: string): Promise<string> =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
    .setSubject(userUid)
    .setIssuer('family-protection')
    .setAudience('family-protection-app')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(await importJWK(JSON.parse(devSecrets.JWT_PRIVATE_JWK), 'ES256'));
