import type { MagicLink, OtpChallenge } from '../../../shared/domain/auth/otp';
import type { OtpStore } from '../../../shared/ports/stores';
import { requireThat, transaction, type FakeTable } from './table';

/** A challenge as wrong attempts on an address nobody asked for leave it: a bare counter. */
const bareCounter = (attempts: number, expiresAtMs: number): OtpChallenge => ({
  requestId: '',
  chainId: '',
  delivery: 'code',
  codeHash: null,
  linkHash: null,
  replacedCodes: [],
  attempts,
  expiresAtMs,
  usedAtMs: null,
  subject: { kind: 'nobody' },
});

/** The sign-in items (`dynamoOtpStore`): one challenge per address, links by their hash. */
export const fakeOtpStore = (
  table: FakeTable,
): OtpStore & { challenges: Map<string, OtpChallenge>; links: Map<string, MagicLink> } => {
  const challenges = new Map<string, OtpChallenge>();
  const links = new Map<string, MagicLink>();
  const newUserWrites = (created: Parameters<OtpStore['consumeCode']>[3]) => ({
    check: () => {
      if (created === null) return;
      requireThat(!table.users.has(created.user.uid), 'the user exists');
      requireThat(!table.emailLookups.has(created.emailHash), 'the address has a user');
    },
    apply: () => {
      if (created === null) return;
      table.users.set(created.user.uid, structuredClone(created.user));
      table.emailLookups.set(created.emailHash, created.user.uid);
    },
  });
  return {
    challenges,
    links,
    signInState: async (emailHash) => ({
      userUid: table.emailLookups.get(emailHash) ?? null,
      challenge: structuredClone(challenges.get(emailHash) ?? null),
    }),
    replaceChallenge: async (emailHash, challenge, link, replacedLinkHash, nowMs) => {
      transaction(
        [() => requireThat(link === null || !links.has(link.linkHash), 'the link exists')],
        [
          () => challenges.set(emailHash, structuredClone(challenge)),
          () => {
            if (link !== null) links.set(link.linkHash, structuredClone(link));
          },
          () => {
            const replaced = replacedLinkHash === null ? undefined : links.get(replacedLinkHash);
            if (replaced !== undefined && replacedLinkHash !== link?.linkHash) replaced.replacedAtMs = nowMs;
          },
        ],
      );
    },
    countWrongAttempt: async (emailHash, expiresAtMs) => {
      const known = challenges.get(emailHash) ?? bareCounter(0, expiresAtMs);
      const counted = { ...known, attempts: known.attempts + 1 };
      challenges.set(emailHash, counted);
      return counted.attempts;
    },
    consumeCode: async (emailHash, challenge, nowMs, created) => {
      const user = newUserWrites(created);
      transaction(
        [
          () => {
            const current = challenges.get(emailHash);
            requireThat(
              current?.requestId === challenge.requestId &&
                current.usedAtMs === null &&
                current.attempts === challenge.attempts,
              'the code is the current unused one',
            );
          },
          user.check,
        ],
        [
          () => {
            const current = challenges.get(emailHash);
            if (current !== undefined) current.usedAtMs = nowMs;
          },
          user.apply,
        ],
      );
    },
    getLink: async (linkHash) => structuredClone(links.get(linkHash) ?? null),
    consumeLink: async (link, nowMs, created) => {
      const user = newUserWrites(created);
      transaction(
        [
          () => {
            const current = links.get(link.linkHash);
            requireThat(
              current !== undefined && current.usedAtMs === null && current.replacedAtMs === null,
              'the link is unused',
            );
          },
          user.check,
        ],
        [
          () => {
            const current = links.get(link.linkHash);
            if (current !== undefined) current.usedAtMs = nowMs;
          },
          user.apply,
        ],
      );
    },
  };
};
