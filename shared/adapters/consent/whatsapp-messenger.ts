import type { ConsentMessenger, SendOutcome } from '../../ports/consent';
import * as z from '../../validation/z';
import { classifyWhatsappError } from '../../domain/consent/provider-errors';

export interface WhatsAppSettings {
  /** `https://graph.facebook.com` in production; the simulator's URL locally. */
  apiBaseUrl: string;
  /** The Graph API version, e.g. `v25.0` (each version lives about two years). */
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  templateName: string;
  languageCode: string;
  /** How long the send may take; past it the outcome is unknown (and the send is not repeated). */
  timeoutMs: number;
}

/** The send's answer: the message id, and the recipient as WhatsApp knows it. */
const accepted = z.object({
  contacts: z.optional(z.array(z.object({ input: z.optional(z.string()), wa_id: z.optional(z.string()) }))),
  messages: z
    .array(z.object({ id: z.string().check(z.minLength(1)), message_status: z.optional(z.string()) }))
    .check(z.minLength(1)),
});

/** Meta's error answer: `{ error: { message, type, code, error_data, error_subcode, fbtrace_id } }`. */
const refused = z.object({ error: z.object({ code: z.optional(z.number()) }) });

/** Errors that prove the request never left this machine: trying again cannot send it twice. */
const notSent = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

const causeCode = (error: unknown): string | undefined => {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
};

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
};

/** The E.164 number as Meta recommends it: with its `+` (without it a country code may be prepended). */
export const e164 = (phone: string): string => (phone.startsWith('+') ? phone : `+${phone}`);

/** The template message exactly as the approved template expects it (docs/deploy.md). */
export const templateMessage = (
  settings: Pick<WhatsAppSettings, 'templateName' | 'languageCode'>,
  message: Parameters<ConsentMessenger['sendConsentLink']>[0],
) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: e164(message.to),
  type: 'template',
  template: {
    name: settings.templateName,
    // `deterministic`: the one language policy, which Meta's OpenAPI document requires.
    language: { policy: 'deterministic', code: settings.languageCode },
    components: [
      // The body's one variable: the person's first name.
      { type: 'body', parameters: [{ type: 'text', text: message.personFirstName }] },
      // The URL button's one variable: the link token appended to `<consent page>/c/`.
      {
        type: 'button',
        sub_type: 'url',
        index: '0',
        parameters: [{ type: 'text', text: message.linkToken }],
      },
    ],
  },
  biz_opaque_callback_data: message.reference,
});

/**
 * The business provider (WhatsApp Cloud API): the consent link goes out as an approved template.
 * A `200` only means Meta accepted the message; whether it reached the phone comes later in status
 * webhooks. Refusals are judged by Meta's error code, not the HTTP status alone.
 */
export const whatsappMessenger = (
  settings: WhatsAppSettings,
  send: typeof fetch = fetch,
): ConsentMessenger => ({
  async sendConsentLink(message): Promise<SendOutcome> {
    const url = `${settings.apiBaseUrl.replace(/\/$/, '')}/${settings.apiVersion}/${settings.phoneNumberId}/messages`;
    let response: Response;
    try {
      response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.accessToken}` },
        body: JSON.stringify(templateMessage(settings, message)),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const code = causeCode(error);
      return code !== undefined && notSent.has(code)
        ? { outcome: 'refused', temporary: true, reason: 'provider_error', code: null }
        : { outcome: 'unknown' };
    }
    const body = await readJson(response);
    if (response.ok) {
      const parsed = accepted.safeParse(body);
      // Accepted, but with no id we cannot follow: its status reports still find it by reference.
      if (!parsed.success) return { outcome: 'unknown' };
      const first = parsed.data.messages[0];
      return first === undefined
        ? { outcome: 'unknown' }
        : { outcome: 'accepted', messageId: first.id, providerStatus: first.message_status ?? null };
    }
    const parsed = refused.safeParse(body);
    const code = parsed.success ? (parsed.data.error.code ?? null) : null;
    return { outcome: 'refused', ...classifyWhatsappError(code, response.status), code };
  },
});
