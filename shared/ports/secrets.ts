/** Keyed hashing and fresh secrets: how codes, tokens and e-mails become keys without being stored. */
export interface KeyedHasher {
  /** A keyed hash of `value` for one purpose (the purpose separates the spaces of hashes). */
  digest(purpose: string, value: string): string;
}

export interface SecretSource {
  /** A numeric one-time code of `digits` digits, uniformly random. */
  numericCode(digits: number): string;
  /** A long URL-safe random token (at least 256 bits). */
  urlToken(): string;
}
