/**
 * Public uids. A seat uid carries its account's uid so a seat route finds its family with one read;
 * clients treat both as opaque strings.
 */
const part = '[A-Za-z0-9_-]';
const accountUidPattern = new RegExp(`^acc_(${part}{20})$`);
const seatUidPattern = new RegExp(`^st_(${part}{20})(${part}{16})$`);

export const seatUidFor = (accountUid: string, randomPart: string): string => {
  const match = accountUidPattern.exec(accountUid);
  if (match === null || !new RegExp(`^${part}{16}$`).test(randomPart)) throw new Error('malformed uid parts');
  return `st_${match[1]}${randomPart}`;
};

/** The account a seat uid belongs to, or null for anything that is not a seat uid. */
export const accountUidOfSeat = (seatUid: string): string | null => {
  const match = seatUidPattern.exec(seatUid);
  return match === null ? null : `acc_${match[1]}`;
};

export const isAccountUid = (value: string): boolean => accountUidPattern.test(value);
