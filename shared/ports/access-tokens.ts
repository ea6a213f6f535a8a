export interface IssuedAccessToken {
  accessToken: string;
  expiresAtMs: number;
}

export interface AccessTokens {
  issue(userUid: string, now: Date): Promise<IssuedAccessToken>;
  /** The user uid the token was issued to, or null for any failure (never the reason). */
  verify(token: string): Promise<string | null>;
}
