import type { ConsentMessenger } from '../../ports/consent';

export interface WhatsAppSettings {
  /** `https://graph.facebook.com/v21.0` in production; the simulator's URL locally. */
  apiBaseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  templateName: string;
  languageCode: string;
}

/**
 * The business provider (WhatsApp Cloud API): the consent link goes out as an approved template
 * whose URL button carries the token as its one variable. The person's first name fills the body.
 */
export const whatsappMessenger = (
  settings: WhatsAppSettings,
  send: typeof fetch = fetch,
): ConsentMessenger => ({
  async sendConsentLink(message) {
    const response = await send(
      `${settings.apiBaseUrl.replace(/\/$/, '')}/${settings.phoneNumberId}/messages`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.accessToken}` },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name: settings.templateName,
            language: { code: settings.languageCode },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: message.personFirstName }] },
              {
                type: 'button',
                sub_type: 'url',
                index: '0',
                parameters: [{ type: 'text', text: message.linkToken }],
              },
            ],
          },
          biz_opaque_callback_data: `consent:${message.reference}`,
        }),
        signal: AbortSignal.timeout(10_000),
      },
    );
    if (!response.ok) throw new Error(`business provider answered ${response.status}`);
  },
});
