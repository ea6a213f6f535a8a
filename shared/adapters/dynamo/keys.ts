/**
 * Every key of the single table is built here and nowhere else. The access patterns they serve are
 * listed in docs/access-patterns.md. Prefixes name the entity (`ACCOUNT#…`); a `type`
 * attribute on every item names it again for stream filters and item schemas.
 */
export interface Key {
  PK: string;
  SK: string;
}

export const itemTypes = {
  user: 'user',
  emailLookup: 'email',
  otpChallenge: 'otp',
  magicLink: 'otp_link',
  rateWindow: 'rate',
  account: 'account',
  member: 'member',
  seat: 'seat',
  subscription: 'subscription',
  consentLink: 'consent_link',
  proxy: 'proxy',
  event: 'event',
  notification: 'notification',
  inboxCounter: 'inbox',
  providerEvent: 'provider_event',
  streamTicket: 'stream_ticket',
  relayTopic: 'relay_topic',
  sealedMessage: 'sealed_message',
  alert: 'alert',
  finding: 'finding',
  excerptViewDay: 'excerpt_views',
  dayTally: 'day_tally',
  auditEntry: 'audit',
  notificationSettings: 'notification_settings',
  operatorRoster: 'operator_roster',
  overviewShard: 'overview_shard',
  historyQueueEntry: 'history_queue',
  historySlot: 'history_slot',
  historyCheckpoint: 'history_checkpoint',
  supplyState: 'supply_state',
  supplyOrder: 'supply_order',
  supplyQuote: 'supply_quote',
  connection: 'connection',
} as const;

export const keys = {
  user: (userUid: string): Key => ({ PK: `USER#${userUid}`, SK: 'USER' }),
  /**
   * GSI1 on a seat item once it has its person: the backoffice's dependent list, newest first
   * (`GET /admin/dependents`). Sparse: a seat without a person is not listed.
   */
  dependentListing: (createdAt: string, seatUid: string) => ({
    GSI1PK: 'ADMIN#dependents',
    GSI1SK: `${createdAt}#${seatUid}`,
  }),
  /** GSI1 on the user item: the backoffice's user list, newest first (`GET /admin/users`). */
  userListing: (createdAt: string, userUid: string) => ({
    GSI1PK: 'ADMIN#users',
    GSI1SK: `${createdAt}#${userUid}`,
  }),
  /**
   * GSI2 on a seat item once it has a consent request: the backoffice's consent list, newest request
   * first (`GET /admin/consents`).
   */
  consentListing: (requestedAt: string, seatUid: string) => ({
    GSI2PK: 'ADMIN#consents',
    GSI2SK: `${requestedAt}#${seatUid}`,
  }),
  /** GSI1 on the account item: the backoffice's account list, newest first (`GET /admin/accounts`). */
  accountListing: (createdAt: string, accountUid: string) => ({
    GSI1PK: 'ADMIN#accounts',
    GSI1SK: `${createdAt}#${accountUid}`,
  }),
  /**
   * GSI2 on an account's owner member item: the backoffice's customer list (who pays), newest
   * account first (`GET /admin/customers`).
   */
  customerListing: (joinedAt: string, customer: string) => ({
    GSI2PK: 'ADMIN#customers',
    GSI2SK: `${joinedAt}#${customer}`,
  }),
  /** A customer's id in its listing: the account and its owner (whose member item holds the keys). */
  customer: (accountUid: string, ownerUid: string): string => `${accountUid}#${ownerUid}`,
  /** GSI1 on the subscription item: the backoffice's subscription list, newest first. */
  subscriptionListing: (createdAt: string, accountUid: string) => ({
    GSI1PK: 'ADMIN#subscriptions',
    GSI1SK: `${createdAt}#${accountUid}`,
  }),
  /**
   * A seat channel's connection as the backoffice lists it (`GET /admin/connections`): an item of
   * its own, in its own partition (the family read never loads it), rewritten with the seat. GSI1
   * lists every connection, GSI2 those of one status; newest pairing first.
   */
  connection: (seatUid: string, channel: string): Key => ({ PK: `CONNECTION#${seatUid}`, SK: channel }),
  connectionListing: (startedAt: string, seatUid: string) => ({
    GSI1PK: 'ADMIN#connections',
    GSI1SK: `${startedAt}#${seatUid}`,
  }),
  connectionByStatus: (status: string, startedAt: string, seatUid: string) => ({
    GSI2PK: `ADMIN#connections#${status}`,
    GSI2SK: `${startedAt}#${seatUid}`,
  }),
  emailLookup: (emailHash: string): Key => ({ PK: `EMAIL#${emailHash}`, SK: 'EMAIL' }),
  /** Beside the e-mail lookup: one query reads who the address is and its sign-in challenge. */
  otpChallenge: (emailHash: string): Key => ({ PK: `EMAIL#${emailHash}`, SK: 'OTP' }),
  emailPartition: (emailHash: string): string => `EMAIL#${emailHash}`,
  magicLink: (linkHash: string): Key => ({ PK: `OTPLINK#${linkHash}`, SK: 'OTPLINK' }),
  rateWindow: (rule: string, identifierHash: string): Key => ({
    PK: `RATE#${rule}#${identifierHash}`,
    SK: 'RATE',
  }),

  accountPartition: (accountUid: string): string => `ACCOUNT#${accountUid}`,
  account: (accountUid: string): Key => ({ PK: `ACCOUNT#${accountUid}`, SK: 'ACCOUNT' }),
  member: (accountUid: string, userUid: string): Key => ({
    PK: `ACCOUNT#${accountUid}`,
    SK: `MEMBER#${userUid}`,
  }),
  /** GSI1: a user's memberships, for `GET /accounts`. */
  memberByUser: (userUid: string, accountUid: string) => ({
    GSI1PK: `USER#${userUid}`,
    GSI1SK: `MEMBER#${accountUid}`,
  }),
  membershipsOfUser: (userUid: string): string => `USER#${userUid}`,
  seat: (accountUid: string, seatUid: string): Key => ({
    PK: `ACCOUNT#${accountUid}`,
    SK: `SEAT#${seatUid}`,
  }),

  eventPartition: (accountId: string): string => `EVENTS#${accountId}`,
  event: (accountId: string, eventId: string): Key => ({ PK: `EVENTS#${accountId}`, SK: `EVENT#${eventId}` }),
  subscription: (accountUid: string): Key => ({ PK: `ACCOUNT#${accountUid}`, SK: 'SUBSCRIPTION' }),
  /** A consent link's token (as a keyed hash) -> the seat and the request it was made for. */
  consentLink: (tokenHash: string): Key => ({ PK: `CONSENTLINK#${tokenHash}`, SK: 'CONSENTLINK' }),
  /** All proxy addresses in one partition: a handful of items, listed with one query. */
  proxyPartition: (): string => 'PROXIES',
  proxy: (label: string): Key => ({ PK: 'PROXIES', SK: `PROXY#${label}` }),
  /**
   * GSI3 on a connection item while its pairing is open (it holds a slot of that address): who is
   * bound to a proxy (`GET /admin/proxies/{uid}/bindings`, and the burn worker), oldest first.
   */
  proxyBindingsOf: (label: string): string => `PROXYBINDINGS#${label}`,
  proxyBinding: (label: string, startedAt: string, seatUid: string) => ({
    GSI3PK: `PROXYBINDINGS#${label}`,
    GSI3SK: `${startedAt}#${seatUid}`,
  }),
  /** GSI1: the events of one seat, for the person's own stream. */
  eventBySeat: (seatId: string, eventId: string) => ({ GSI1PK: `SEATEVENTS#${seatId}`, GSI1SK: eventId }),
  /**
   * GSI2 on a seat's consent, pairing, import and subscription events: its backoffice timeline,
   * newest first, sorted by instant, source and id (`GET /admin/seats/{uid}/timeline`).
   */
  seatTimeline: (seatUid: string, place: string) => ({ GSI2PK: `SEATTIMELINE#${seatUid}`, GSI2SK: place }),
  /** A guardian's inbox: notifications by ULID, and the unread counter beside them. */
  inboxPartition: (userUid: string): string => `INBOX#${userUid}`,
  notification: (userUid: string, notificationId: string): Key => ({
    PK: `INBOX#${userUid}`,
    SK: `NOTIFICATION#${notificationId}`,
  }),
  inboxCounter: (userUid: string): Key => ({ PK: `INBOX#${userUid}`, SK: 'UNREAD' }),
  /**
   * A guardian's notification preferences and push devices, one small item beside their inbox: a
   * sender reads every recipient's with one BatchGet by key.
   */
  notificationSettings: (userUid: string): Key => ({ PK: `INBOX#${userUid}`, SK: 'SETTINGS' }),
  /** A provider event already handled (kept with a TTL): redelivery changes nothing twice. */
  providerEvent: (eventId: string): Key => ({ PK: `PROVIDEREVENT#${eventId}`, SK: 'PROVIDEREVENT' }),
  /** A live-stream ticket, by the keyed hash of its value. */
  streamTicket: (ticketHash: string): Key => ({ PK: `TICKET#${ticketHash}`, SK: 'TICKET' }),
  /** Which relay tasks hold subscribers of a topic (an account's or a seat's stream). */
  relayTopicPartition: (topic: string): string => `RELAYTOPIC#${topic}`,
  relayTopic: (topic: string, taskId: string): Key => ({ PK: `RELAYTOPIC#${topic}`, SK: `TASK#${taskId}` }),
  /**
   * A seat's sealed messages in one partition of their own (not the account's, which every family
   * read queries): put if absent and read by message id with the key alone, and the whole set read
   * and deleted by one paginated Query when the seat's key is destroyed. The ids are keyed hashes.
   */
  sealedMessagePartition: (seatId: string): string => `SEATMSG#${seatId}`,
  sealedMessage: (seatId: string, messageId: string): Key => ({
    PK: `SEATMSG#${seatId}`,
    SK: `MSG#${messageId}`,
  }),
  /** GSI1: one chat of a seat in time order, newest first for the analysis window. */
  sealedMessagesOfChat: (seatId: string, chatHash: string): string => `SEATCHAT#${seatId}#${chatHash}`,
  sealedMessageByChat: (seatId: string, chatHash: string, sentAt: string, messageId: string) => ({
    GSI1PK: `SEATCHAT#${seatId}#${chatHash}`,
    GSI1SK: `${sentAt}#${messageId}`,
  }),
  /**
   * An account's alerts in a partition of their own, newest first by uid (an alert uid sorts by
   * creation within its account). Each list filter is one index partition, so every page of the
   * alert list is one Query: GSI1 by status, GSI2 by seat, GSI3 by seat and status.
   */
  alertPartition: (accountUid: string): string => `ALERTS#${accountUid}`,
  alert: (accountUid: string, alertUid: string): Key => ({
    PK: `ALERTS#${accountUid}`,
    SK: `ALERT#${alertUid}`,
  }),
  alertIndexes: (alert: { accountUid: string; uid: string; seatUid: string; status: string }) => ({
    GSI1PK: `ALERTS#${alert.accountUid}#${alert.status}`,
    GSI1SK: alert.uid,
    GSI2PK: `SEATALERTS#${alert.seatUid}`,
    GSI2SK: alert.uid,
    GSI3PK: `SEATALERTS#${alert.seatUid}#${alert.status}`,
    GSI3SK: alert.uid,
  }),
  /**
   * A finding, by the message that carries it (a keyed hash) and its category: put only if absent,
   * so the same message analysed twice counts once. In the seat's message partition: it goes with
   * the content when the seat's key is destroyed.
   */
  finding: (seatId: string, messageId: string, category: string): Key => ({
    PK: `SEATMSG#${seatId}`,
    SK: `FINDING#${messageId}#${category}`,
  }),
  /**
   * A seat's excerpt reads of one UTC day, in its account's partition: the family load that serves
   * the person's protection view reads them with the seats (at most about 31 per seat: a TTL ends each).
   */
  /**
   * A seat's tally of one calendar day (its week), in its account's partition: the family load reads
   * the week with the seats (at most about 8 per seat: a TTL ends each).
   */
  dayTally: (accountUid: string, seatUid: string, date: string): Key => ({
    PK: `ACCOUNT#${accountUid}`,
    SK: `DAY#${seatUid}#${date}`,
  }),
  excerptViewDay: (accountUid: string, seatUid: string, day: string): Key => ({
    PK: `ACCOUNT#${accountUid}`,
    SK: `EXCERPTVIEWS#${seatUid}#${day}`,
  }),
  /**
   * The audit trail, one partition per UTC month, sorted by instant then id (a month's partition
   * takes a few writes a second at most: guardians' excerpt reads, rate limited, and operators'
   * actions and reads: a few people). `auditListing` puts every entry on GSI1 too, so that the
   * backoffice lists the whole trail newest first with one Query per page, across months.
   */
  auditListing: (at: string, entryId: string) => ({
    GSI1PK: 'ADMIN#audit',
    GSI1SK: `${at}#${entryId}`,
  }),
  auditPartition: (month: string): string => `AUDIT#${month}`,
  auditEntry: (at: string, entryId: string): Key => ({
    PK: `AUDIT#${at.slice(0, 7)}`,
    SK: `${at}#${entryId}`,
  }),
  /**
   * The operator members, all in one item: a few dozen people at most, read on every backoffice
   * request, and "the last owner" is decided on the whole of it under one version.
   */
  operatorRoster: (): Key => ({ PK: 'OPERATORS', SK: 'ROSTER' }),
  /** The backoffice overview's counters, one item per shard in one partition (read with one Query). */
  overviewPartition: (): string => 'COUNTERS#overview',
  overviewShard: (shard: number): Key => ({ PK: 'COUNTERS#overview', SK: `SHARD#${shard}` }),
  health: (): Key => ({ PK: 'HEALTH', SK: 'HEALTH' }),
  /**
   * The one history import queue, in one partition sorted by the instant each import joined (then
   * its ULID): the head is one Query, a position one counting Query. It holds only waiting imports:
   * a few hundred items at most, written a few times per import.
   */
  historyQueuePartition: (): string => 'HISTORYQUEUE',
  historyQueueEntry: (queuedAt: string, importId: string): Key => ({
    PK: 'HISTORYQUEUE',
    SK: `QUEUED#${queuedAt}#${importId}`,
  }),
  /**
   * The import slots, one item per slot (`HISTORY_IMPORT_SLOTS` at most), each put only if absent by
   * the move that takes it and deleted only by its holder's move that frees it.
   */
  historySlotPartition: (): string => 'HISTORYSLOTS',
  historySlot: (slot: number): Key => ({ PK: 'HISTORYSLOTS', SK: `SLOT#${String(slot).padStart(4, '0')}` }),
  /** How far an import read one chat (the chat id as a keyed hash): the import's partition. */
  historyCheckpoint: (importId: string, chatHash: string): Key => ({
    PK: `IMPORT#${importId}`,
    SK: `CHAT#${chatHash}`,
  }),
  /**
   * Proxy supply: every order and the supply's version item in one partition (a few dozen orders,
   * read with one Query); an order or renewal moves the version, so two decided on the same read
   * cannot both spend the budget or the ceiling.
   */
  supplyPartition: (): string => 'SUPPLY',
  supplyState: (): Key => ({ PK: 'SUPPLY', SK: 'STATE' }),
  supplyOrder: (orderUid: string): Key => ({ PK: 'SUPPLY', SK: `ORDER#${orderUid}` }),
  /** A quote on its own (read by uid; the table's TTL removes it a day after it expires). */
  supplyQuote: (quoteUid: string): Key => ({ PK: `SUPPLYQUOTE#${quoteUid}`, SK: 'QUOTE' }),
} as const;
