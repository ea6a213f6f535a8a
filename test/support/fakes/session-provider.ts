import type {
  HistoryMessage,
  LinkChallenge,
  NewSession,
  ProviderChat,
  SessionProvider,
} from '../../../shared/ports/session-provider';

/**
 * The session provider as a set of sessions: created, moved, removed (a second removal is harmless,
 * as a 404 is). What a test needs of a session (its status, the account it connected, its photo,
 * its chats) is set on it (`have`).
 */
export interface FakeSession {
  session: NewSession;
  status: string | null;
  me: string | null;
  photo: { bytes: Uint8Array; contentType: string } | null;
  chats: { chat: ProviderChat; messages: HistoryMessage[] }[];
}

type Call = keyof SessionProvider;

export interface FakeSessionProvider extends SessionProvider {
  sessions: Map<string, FakeSession>;
  removed: string[];
  /** The calls that act on a session, in order (`create <name>`, `chatMessages <chat> <offset>+<limit>`...). */
  calls: string[];
  /** The session of that name, created when the provider has none, with the fields given. */
  have(name: string, fields?: Partial<Omit<FakeSession, 'session'>>): FakeSession;
  /** The next `times` calls of that kind fail with `error` (every one when `times` is not given). */
  fail(call: Call, error: Error, times?: number): void;
}

export const fakeSessionProvider = (): FakeSessionProvider => {
  const sessions = new Map<string, FakeSession>();
  const removed: string[] = [];
  const calls: string[] = [];
  const failures: { call: Call; error: Error; left: number }[] = [];
  /** Throws the failure the test set for the call, if any is left. */
  const asked = (call: Call) => {
    const failure = failures.find((one) => one.call === call && one.left > 0);
    if (failure === undefined) return;
    failure.left -= 1;
    throw failure.error;
  };
  const named = (name: string) => sessions.get(name);
  const have = (name: string, fields: Partial<Omit<FakeSession, 'session'>> = {}): FakeSession => {
    const session = named(name) ?? {
      session: { name, proxyUrl: '', metadata: {} },
      status: null,
      me: null,
      photo: null,
      chats: [],
    };
    Object.assign(session, fields);
    sessions.set(name, session);
    return session;
  };
  const challenge = (name: string, value: string): LinkChallenge => {
    const session = named(name);
    return session?.status === 'SCAN_QR_CODE'
      ? { kind: 'ready', value }
      : { kind: 'not_running', providerStatus: session?.status ?? null };
  };
  return {
    sessions,
    removed,
    calls,
    have,
    fail: (call, error, times = Number.POSITIVE_INFINITY) => {
      failures.push({ call, error, left: times });
    },
    createSession: async (session) => {
      calls.push(`create ${session.name}`);
      asked('createSession');
      sessions.set(session.name, { session, status: 'SCAN_QR_CODE', me: null, photo: null, chats: [] });
    },
    restart: async (name) => {
      calls.push(`restart ${name}`);
      asked('restart');
    },
    changeProxy: async (session) => {
      calls.push(`changeProxy ${session.name}`);
      asked('changeProxy');
      const known = named(session.name);
      if (known !== undefined) known.session = session;
    },
    status: async (name) => {
      asked('status');
      return named(name)?.status ?? null;
    },
    stop: async (name) => {
      calls.push(`stop ${name}`);
      asked('stop');
      const known = named(name);
      if (known !== undefined) known.status = 'STOPPED';
    },
    logout: async (name) => {
      calls.push(`logout ${name}`);
      asked('logout');
    },
    remove: async (name) => {
      asked('remove');
      removed.push(name);
      sessions.delete(name);
    },
    qr: async (name) => {
      asked('qr');
      return challenge(name, `qr:${name}`);
    },
    requestCode: async (name, phoneDigits) => {
      calls.push(`requestCode ${name} ${phoneDigits}`);
      asked('requestCode');
      return challenge(name, 'ABCD1234');
    },
    me: async (name) => {
      asked('me');
      return named(name)?.me ?? null;
    },
    confirmPasskey: async (name) => {
      calls.push(`confirmPasskey ${name}`);
      asked('confirmPasskey');
    },
    profilePicture: async (name) => {
      asked('profilePicture');
      return named(name)?.photo ?? null;
    },
    chats: async (name, page) => {
      asked('chats');
      return (named(name)?.chats ?? []).slice(page.offset, page.offset + page.limit).map((one) => one.chat);
    },
    // The provider's own filter: the messages sent in the window (one without a time included).
    chatMessages: async (name, chatId, page) => {
      calls.push(`chatMessages ${chatId} ${page.offset}+${page.limit}`);
      asked('chatMessages');
      const [since, until] = [page.since.getTime() / 1000, page.until.getTime() / 1000];
      return (named(name)?.chats.find((one) => one.chat.id === chatId)?.messages ?? [])
        .filter((one) => one.timestamp === null || (one.timestamp >= since && one.timestamp <= until))
        .slice(page.offset, page.offset + page.limit);
    },
  };
};
