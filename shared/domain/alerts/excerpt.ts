import { fail } from '../errors';

/**
 * The minimal excerpt: the least a guardian needs to understand an alert. Only the messages that
 * carry its findings, the 3 most recent, each said to be from the dependent or a contact (never a
 * name or number), cut to 280 characters, with phone numbers and e-mail addresses masked.
 */
export const EXCERPT_MESSAGES = 3;
export const EXCERPT_TEXT_LIMIT = 280;

/** A message opened in memory for the excerpt. */
export interface OpenedMessage {
  messageId: string;
  fromMe: boolean;
  sentAt: string;
  text: string;
}

export interface ExcerptMessage {
  from: 'dependent' | 'contact';
  sentAt: string;
  text: string;
}

export interface Excerpt {
  alertUid: string;
  /** Oldest first, as the conversation reads. */
  messages: ExcerptMessage[];
}

// E-mails go first: their local part may hold digits that would read as a phone number.
const email = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
// A Brazilian number: country code (55, with or without +), area code (with or without
// parentheses), the mobile 9, then 4 + 4 digits; spaces, dots and dashes anywhere between groups.
const brazilianPhone =
  /(?<![\p{L}\p{N}])(?:\+\s?55[\s.-]?|55[\s.-]?)?(?:\(\s?0?\d{2}\s?\)\s?|0?\d{2}[\s.-]?)?(?:9[\s.-]?)?\d{4}[\s.-]?\d{4}(?![\p{L}\p{N}])/gu;
// Any other number written with its country code.
const internationalPhone = /\+\d[\d\s().-]{6,}\d/gu;

export const maskContacts = (text: string): string =>
  text.replace(email, '[email]').replace(brazilianPhone, '[phone]').replace(internationalPhone, '[phone]');

/** At most `limit` characters (code points, so no emoji is split), cut at a word boundary with `…`. */
export const cutAtWord = (text: string, limit = EXCERPT_TEXT_LIMIT): string => {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  const room = characters.slice(0, limit - 1);
  const breaksAfter = /\s/u.test(characters[limit - 1] ?? ' ');
  const lastSpace = room.findLastIndex((character) => /\s/u.test(character));
  // A single word longer than the room is cut inside it: there is no boundary to keep.
  const end = breaksAfter || lastSpace <= 0 ? room.length : lastSpace;
  return `${room.slice(0, end).join('').trimEnd()}…`;
};

/**
 * The excerpt of an alert from its findings' message ids and the messages that could be opened.
 * None of them left (past retention) is `EXCERPT_GONE`.
 */
export const minimalExcerpt = (
  alertUid: string,
  findingMessageIds: readonly string[],
  opened: readonly OpenedMessage[],
): Excerpt => {
  const carrying = new Set(findingMessageIds);
  const kept = opened
    .filter((message) => carrying.has(message.messageId))
    .toSorted((a, b) => Date.parse(a.sentAt) - Date.parse(b.sentAt))
    .slice(-EXCERPT_MESSAGES);
  if (kept.length === 0) throw fail('EXCERPT_GONE');
  return {
    alertUid,
    messages: kept.map((message) => ({
      from: message.fromMe ? 'dependent' : 'contact',
      sentAt: message.sentAt,
      text: cutAtWord(maskContacts(message.text)),
    })),
  };
};
