import type { DeliveryFailureReason } from './delivery';

/**
 * The business provider's (WhatsApp Cloud API's) error codes the consent link meets, as data: whether Meta marks the
 * error as temporary (worth another try after a while) and what it means for the family. The same
 * codes come back in a send's error answer and in a `failed` status webhook's `errors[]`.
 */
export interface ProviderError {
  temporary: boolean;
  reason: DeliveryFailureReason;
}

const temporary = (reason: DeliveryFailureReason): ProviderError => ({ temporary: true, reason });
const permanent = (reason: DeliveryFailureReason): ProviderError => ({ temporary: false, reason });

export const whatsappErrors: Readonly<Record<number, ProviderError>> = {
  // Rate and pacing limits: cloud API throughput, per-user marketing limit, pair rate limit.
  130429: temporary('limit_reached'),
  131049: temporary('limit_reached'),
  131056: temporary('limit_reached'),
  // Meta's own temporary failures: unknown error, API unknown, service unavailable, service busy.
  131000: temporary('provider_error'),
  1: temporary('provider_error'),
  2: temporary('provider_error'),
  131016: temporary('provider_error'),
  // The number has no WhatsApp account (or cannot receive the message).
  131026: permanent('not_on_whatsapp'),
  // The template: missing or not approved in that language, parameters that do not fit it, paused.
  132000: permanent('template_unavailable'),
  132001: permanent('template_unavailable'),
  132015: permanent('template_unavailable'),
  // Our account: access token expired or revoked, account restricted, payment issue, bad parameter.
  190: permanent('provider_error'),
  368: permanent('provider_error'),
  131042: permanent('provider_error'),
  100: permanent('provider_error'),
};

/**
 * A code not in the table is judged by the HTTP status it came with: Meta's 5xx and 429 are worth
 * another try, anything else is not. In a status webhook (no HTTP status), it is permanent.
 */
export const classifyWhatsappError = (code: number | null, httpStatus: number | null): ProviderError =>
  (code === null ? undefined : whatsappErrors[code]) ??
  (httpStatus !== null && (httpStatus >= 500 || httpStatus === 429)
    ? temporary('provider_error')
    : permanent('provider_error'));

/** The reason a delivery failed for, once no more tries are left. */
export const failureReasonOf = (code: number | null): DeliveryFailureReason =>
  classifyWhatsappError(code, null).reason;
