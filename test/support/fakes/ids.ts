import type { Ids } from '../../../shared/ports/ids';

/**
 * Sequential ids of the shapes the service's parse: a ULID of 26 Crockford digits, `prefix_` and 20
 * characters, random parts of the length asked. One counter for all, so every id is unique and a
 * test can tell which came first.
 */
export const fakeIds = (): Ids => {
  let next = 0;
  const counted = (length: number) => String((next += 1)).padStart(length, '0');
  return {
    ulid: () => counted(26),
    uid: (prefix) => `${prefix}_${counted(20)}`,
    randomPart: (length) => counted(length),
  };
};
