/** Identifiers: ULIDs where order matters (events, internal seat ids), opaque random uids elsewhere. */
export interface Ids {
  /** Time-ordered, monotonic within the process, unique across processes. */
  ulid(): string;
  /** An opaque public identifier with a readable prefix, e.g. `acc_…`. */
  uid(prefix: string): string;
  /** `length` random URL-safe characters, to build composite uids. */
  randomPart(length: number): string;
}
