/**
 * Public uids. A seat uid carries its account's uid so a seat route finds its family with one read,
 * and so does an alert uid; clients treat them all as opaque strings.
 */
const part = '[A-Za-z0-9_-]';
const accountUidPattern = new RegExp(`^acc_(${part}{20})$`);
const seatUidPattern = new RegExp(`^st_(${part}{20})(${part}{16})$`);
const ulidPattern = '[0-9A-HJKMNP-TV-Z]{26}';
const alertUidPattern = new RegExp(`^al_(${part}{20})(${ulidPattern})$`);

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

/**
 * An alert's uid: its account's part, then a ULID, so one account's alert uids sort by creation
 * (the alert list reads them newest first by their uids alone).
 */
export const alertUidFor = (accountUid: string, id: string): string => {
  const match = accountUidPattern.exec(accountUid);
  if (match === null || !new RegExp(`^${ulidPattern}$`).test(id)) throw new Error('malformed uid parts');
  return `al_${match[1]}${id}`;
};

/** The account an alert uid belongs to, or null for anything that is not an alert uid. */
export const accountUidOfAlert = (alertUid: string): string | null => {
  const match = alertUidPattern.exec(alertUid);
  return match === null ? null : `acc_${match[1]}`;
};

export const isAlertUid = (value: string): boolean => alertUidPattern.test(value);
