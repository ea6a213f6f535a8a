import type { ProviderMessage } from '../../../shared/domain/pairing/provider-message';
import type {
  LinkChallenge,
  NewSession,
  ProviderChat,
  SessionProvider,
} from '../../../shared/ports/session-provider';

/**
 * The session provider as a set of sessions: created, moved, removed (a second removal is harmless,
 * as a 404 is). What a test needs of a session (its status, the account it connected, its chats)
 * is set on it.
 */
export interface FakeSession {
  session: NewSession;
  status: string | null;
  me: string | null;
  chats: { chat: ProviderChat; messages: ProviderMessage[] }[];
}

export const fakeSessionProvider = (): SessionProvider & {
  sessions: Map<string, FakeSession>;
  removed: string[];
  calls: string[];
} => {
  const sessions = new Map<string, FakeSession>();
  const removed: string[] = [];
  const calls: string[] = [];
  const named = (name: string) => sessions.get(name);
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
    createSession: async (session) => {
      calls.push(`create ${session.name}`);
      sessions.set(session.name, { session, status: 'SCAN_QR_CODE', me: null, chats: [] });
    },
    restart: async (name) => {
      calls.push(`restart ${name}`);
    },
    changeProxy: async (session) => {
      calls.push(`changeProxy ${session.name}`);
      const known = named(session.name);
      if (known !== undefined) known.session = session;
    },
    status: async (name) => named(name)?.status ?? null,
    stop: async (name) => {
      calls.push(`stop ${name}`);
      const known = named(name);
      if (known !== undefined) known.status = 'STOPPED';
    },
    logout: async (name) => {
      calls.push(`logout ${name}`);
    },
    remove: async (name) => {
      removed.push(name);
      sessions.delete(name);
    },
    qr: async (name) => challenge(name, `qr:${name}`),
    requestCode: async (name) => challenge(name, 'ABCD1234'),
    me: async (name) => named(name)?.me ?? null,
    confirmPasskey: async (name) => {
      calls.push(`confirmPasskey ${name}`);
    },
    profilePicture: async () => null,
    chats: async (name, page) =>
      (named(name)?.chats ?? []).slice(page.offset, page.offset + page.limit).map((one) => one.chat),
    chatMessages: async (name, chatId, page) =>
      (named(name)?.chats.find((one) => one.chat.id === chatId)?.messages ?? []).slice(
        page.offset,
        page.offset + page.limit,
      ),
  };
};
