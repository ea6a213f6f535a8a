/**
 * Is the connected WhatsApp account the person's declared phone? The provider reports its id as a
 * JID; only phone JIDs (`…@c.us`, `…@s.whatsapp.net`, with an optional `:device`) carry a number.
 * `@lid` and every other form are never read as a phone. Brazilian mobiles registered before the
 * ninth digit keep a 12-digit JID: the same person, recorded as such.
 */
export type NumberCheck =
  | { outcome: 'match'; reason: 'exact' | 'br_9th_digit' }
  | { outcome: 'mismatch' }
  | { outcome: 'not_a_phone' };

const phoneJid = /^(\d{5,15})(?::\d+)?@(c\.us|s\.whatsapp\.net)$/;
const brMobileWithNinth = /^55([1-9]{2})9([6-9]\d{7})$/;
const brMobileLegacy = /^55([1-9]{2})([6-9]\d{7})$/;

export const digitsOfJid = (jid: string): string | null => phoneJid.exec(jid)?.[1] ?? null;

export const checkConnectedNumber = (declaredE164: string, connectedJid: string): NumberCheck => {
  const connected = digitsOfJid(connectedJid);
  if (connected === null) return { outcome: 'not_a_phone' };
  const declared = declaredE164.replace(/^\+/, '');
  if (declared === connected) return { outcome: 'match', reason: 'exact' };
  const modern = brMobileWithNinth.exec(declared);
  const legacy = brMobileLegacy.exec(connected);
  if (modern !== null && legacy !== null && modern[1] === legacy[1] && modern[2] === legacy[2]) {
    return { outcome: 'match', reason: 'br_9th_digit' };
  }
  return { outcome: 'mismatch' };
};
