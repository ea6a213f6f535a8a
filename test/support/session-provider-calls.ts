import type { SessionProvider } from '../../shared/ports/session-provider';

const unexpected = () => Promise.reject(new Error('not expected here'));

/**
 * A session provider that answers only the calls a test gives; any other call fails the code under
 * test, so a test states exactly which of the provider's calls it expects.
 */
export const providerAnswering = (calls: Partial<SessionProvider> = {}): SessionProvider => ({
  createSession: unexpected,
  restart: unexpected,
  status: unexpected,
  stop: unexpected,
  logout: unexpected,
  remove: unexpected,
  qr: unexpected,
  requestCode: unexpected,
  me: unexpected,
  confirmPasskey: unexpected,
  changeProxy: unexpected,
  profilePicture: unexpected,
  chats: unexpected,
  chatMessages: unexpected,
  ...calls,
});
