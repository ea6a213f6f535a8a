/**
 * A message a paired session reports (`message` for incoming ones, `message.any` for every one,
 * one's own included: a session subscribed to both hears each incoming message twice, with the same
 * id). The id is the provider's own message id, the same whichever event brings it.
 */
export interface ProviderMessage {
  id: string;
  /** The conversation: a group's id, or the other person's. */
  chat: string;
  fromMe: boolean;
  /** Seconds since the epoch, as the provider reports it. */
  timestamp: number;
  text: string;
}

/** The fields of the provider's message payload the service reads. */
export interface ReportedMessage {
  id: string;
  timestamp: number;
  from: string | null;
  to: string | null;
  fromMe: boolean;
  body: string | null;
}

/**
 * Whether the service reads a chat, live or in history: not status updates (`status@broadcast`),
 * broadcast lists (`…@broadcast`) or channels (`…@newsletter`), which are one-to-many posts rather
 * than a conversation with the person. `@lid` chats (a contact's hidden id) are read as any other.
 */
export const isReadChat = (chatId: string): boolean =>
  !chatId.endsWith('@broadcast') && !chatId.endsWith('@newsletter');

const isGroup = (id: string): boolean => id.endsWith('@g.us');

/** One account's ids compare equal whatever their form: `5511…:14@s.whatsapp.net` is `5511…@c.us`. */
const accountOf = (id: string): string => {
  const phone = /^(\d+)(?::\d+)?@(?:c\.us|s\.whatsapp\.net)$/.exec(id);
  return phone === null ? id : `${phone[1]}@c.us`;
};

/**
 * The chat of a message: the group when one is named; otherwise whichever of `from` and `to` is not
 * one of the session's own ids. Engines differ: GOWS puts the chat in `from` even for one's own
 * messages (with `to` null), others put one's own id in `from` and the chat in `to`. Without
 * one's own ids, an incoming message's chat is its sender and one's own message's its recipient.
 */
export const chatOf = (
  reported: Pick<ReportedMessage, 'from' | 'to' | 'fromMe'>,
  ownIds: readonly string[],
): string | null => {
  const named = [reported.from, reported.to].filter((id): id is string => id !== null && id !== '');
  const group = named.find(isGroup);
  if (group !== undefined) return group;
  const own = new Set(ownIds.map(accountOf));
  if (own.size > 0) return named.find((id) => !own.has(accountOf(id))) ?? null;
  return (reported.fromMe ? (reported.to ?? reported.from) : reported.from) ?? null;
};

/**
 * The message the service reads, or null for what it drops unread: a chat it does not read
 * (`isReadChat`), messages without text (a media caption is text; media is never fetched), and a
 * chat it cannot tell.
 */
export const readProviderMessage = (
  reported: ReportedMessage,
  ownIds: readonly string[],
): ProviderMessage | null => {
  if (reported.body === null || reported.body === '') return null;
  const chat = chatOf(reported, ownIds);
  if (chat === null || !isReadChat(chat) || (reported.from !== null && !isReadChat(reported.from)))
    return null;
  return {
    id: reported.id,
    chat,
    fromMe: reported.fromMe,
    timestamp: reported.timestamp,
    text: reported.body,
  };
};
