import type { AccessTokens } from '../../../shared/ports/access-tokens';

/** Tokens that name their user, valid for an hour: `access:<user>:<n>`. */
export const fakeAccessTokens = (): AccessTokens => {
  const issued = new Map<string, string>();
  return {
    issue: async (userUid, now) => {
      const accessToken = `access:${userUid}:${issued.size + 1}`;
      issued.set(accessToken, userUid);
      return { accessToken, expiresAtMs: now.getTime() + 3_600_000 };
    },
    verify: async (token) => issued.get(token) ?? null,
  };
};
