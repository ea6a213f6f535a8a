/**
 * The one error hierarchy of the service. `code` is the clients' stable contract, `status` the HTTP
 * status it answers with, `message` English text that may change, `details` optional machine data.
 * Domain rules answer 422 unless the catalog says otherwise.
 */
export const errorCatalog = {
  // Generic codes, any route may answer them
  BAD_REQUEST: { status: 400, message: 'The request is malformed.' },
  VALIDATION: { status: 400, message: 'The request is invalid.' },
  UNAUTHORIZED: { status: 401, message: 'Authentication is required.' },
  FORBIDDEN: { status: 403, message: 'Only the account owner may do this.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state.' },
  STOPPED_BY_DEPENDENT: {
    status: 409,
    message: 'The person stopped protection; only a new consent resumes it.',
  },
  HTTP_ERROR: { status: 400, message: 'The request cannot be served.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; retry later.' },
  INTERNAL: { status: 500, message: 'Internal error.' },
  UNAVAILABLE: { status: 503, message: 'The service is unavailable; retry later.' },
  EVIDENCE_VERIFICATION_UNAVAILABLE: {
    status: 503,
    message: 'Evidence verification did not run; nothing was stored. Retry.',
  },

  // Login (401 on verify)
  OTP_INVALID: { status: 401, message: 'The code is not valid.' },
  OTP_LOCKED: { status: 401, message: 'Too many wrong codes; request a new one.' },
  OTP_EXPIRED: { status: 401, message: 'The code expired or was replaced by a newer one.' },
  OTP_USED: { status: 401, message: 'The code was already used.' },
  OTP_LINK_INVALID: { status: 401, message: 'The link is not valid.' },
  OTP_LINK_EXPIRED: { status: 401, message: 'The link expired or was replaced by a newer one.' },
  OTP_LINK_USED: { status: 401, message: 'The link was already used.' },

  // Accounts, seats, onboarding (422)
  EMAIL_DOMAIN_INVALID: { status: 422, message: 'The e-mail domain cannot receive mail.' },
  OWNER_HAS_NO_RELATIONSHIP: { status: 422, message: 'The owner has no relationship.' },
  OWNER_NOT_REMOVABLE: { status: 422, message: 'The owner cannot be removed.' },
  SEAT_NOT_PENDING: { status: 422, message: 'This operation needs a pending seat.' },
  SEAT_NOT_ACTIVE: { status: 422, message: 'This operation needs an active seat.' },
  SEAT_ACTIVE: { status: 422, message: 'An active seat cannot be archived.' },
  SEAT_NOT_PAUSED: { status: 422, message: 'The seat is not paused.' },
  PAUSE_UNTIL_PAST: { status: 422, message: 'The pause must end in the future.' },
  PAUSE_TOO_LONG: { status: 422, message: 'The pause is longer than allowed.' },
  DEPENDENT_REQUIRED: { status: 422, message: 'The protected person is missing.' },
  DEPENDENT_INCOMPLETE: { status: 422, message: "The protected person's phone or document is missing." },
  DEPENDENT_LOCKED: { status: 422, message: 'The person already consented to this data.' },
  BIRTH_DATE_OUT_OF_RANGE: { status: 422, message: 'The birth date does not fit the kind of person.' },
  CAMPAIGN_NOT_FOUND: { status: 422, message: 'Unknown campaign code.' },
  CAMPAIGN_ALREADY_APPLIED: { status: 422, message: 'The campaign code was already applied.' },

  // Consent (422)
  CONSENT_REQUIRED: { status: 422, message: "The person's consent is missing." },
  RELATIONSHIP_REFUTED: { status: 422, message: 'The relationship check refuted the declared tie.' },
  CONSENT_ALREADY_GIVEN: { status: 422, message: 'The person already consented; activate the seat.' },
  CONSENT_EXPIRED: { status: 422, message: 'This link expired or was replaced.' },
  CONSENT_NOT_GIVEN: { status: 422, message: 'No consent was given through this link.' },
  PROTECTION_LINK_REPLACED: { status: 422, message: 'A newer consent replaced this link.' },
  RESEND_LOCKED: { status: 422, message: 'A new link can be sent only after the wait.' },
  AUDIO_PHRASE_MISMATCH: { status: 422, message: 'The recording does not match the phrase.' },
  AUDIO_UNINTELLIGIBLE: { status: 422, message: 'No word could be understood in the recording.' },
  SELFIE_NO_FACE: { status: 422, message: 'The selfie must show exactly one face.' },
  // Channels and pairing (422)
  CHANNEL_UNAVAILABLE: { status: 422, message: 'This channel is not available yet.' },
  CHANNEL_NOT_ENABLED: { status: 422, message: 'The channel is not enabled on this seat.' },
  PAIRING_EXISTS: { status: 422, message: 'A pairing is already open for this seat.' },
  PAIRING_NOT_OPEN: { status: 422, message: 'There is no open pairing.' },
  PAIRING_NOT_AWAITING_CONFIRMATION: { status: 422, message: 'No number confirmation is pending.' },
  CONFIRMATION_NOT_SUPPORTED: { status: 422, message: 'This channel never asks for that confirmation.' },
  PAIRING_NOT_SWITCHABLE: {
    status: 422,
    message: 'Something was already typed or scanned; the method cannot change.',
  },
  DEPENDENT_PHONE_IS_GUARDIAN: { status: 422, message: "The person's phone is a guardian's." },
  NO_PROXY_CAPACITY: { status: 422, message: 'No connection capacity is free right now; try again later.' },

  EVIDENCE_REQUIRED: { status: 422, message: 'A verified selfie and audio reading are needed first.' },

  // Operator members (422)
  SELF_INVITE: { status: 422, message: 'An operator cannot invite themself.' },
  MEMBER_UNKNOWN: { status: 422, message: 'No operator member has this uid.' },
  SELF_CHANGE: { status: 422, message: 'An operator cannot change their own role.' },
  LAST_OWNER: { status: 422, message: 'The last owner cannot leave or be demoted.' },

  // Proxy supply (422)
  PROVIDER_UNKNOWN: { status: 422, message: 'No supplier is configured with this code.' },
  PROVIDER_NOT_CONFIGURED: { status: 422, message: "The supplier's credentials are not configured." },
  PRODUCT_NOT_ALLOWED: { status: 422, message: 'This product is not allowed for the supplier.' },
  TOO_MANY: { status: 422, message: "The quantity is over the supplier's ceilings." },
  BUDGET_EXCEEDED: { status: 422, message: "The price is over the month's budget for the supplier." },
  QUOTE_EXPIRED: { status: 422, message: 'The quote expired or was already used.' },
  ORDER_UNKNOWN: { status: 422, message: 'No order has this uid.' },
  QUOTE_NOT_AN_EXTENSION: { status: 422, message: 'The quote does not extend this order.' },
  // Proxy pool (422)
  PROXY_UNREACHABLE: { status: 422, message: 'No connection could be made through this proxy address.' },
  PROXY_ADDRESS_NOT_PUBLIC: {
    status: 422,
    message: 'The proxy address is loopback, link-local or private: it is never dialled.',
  },

  // Alerts and the excerpt (422)
  ALERT_NOT_OPEN: { status: 422, message: 'The alert was already resolved or dismissed.' },
  EXCERPT_GONE: { status: 422, message: 'The messages of this alert are past their retention.' },
  SEAT_KEY_GONE: { status: 422, message: "The seat's key was destroyed; its messages can never be read." },

  // History import queue (422)
  NOTHING_TO_SYNC: {
    status: 422,
    message: 'There is no history to read: not connected, or read since the last drop.',
  },
  NO_OPEN_OFFER: { status: 422, message: 'The import is waiting in the queue; no slot was offered yet.' },
  OFFER_EXPIRED: { status: 422, message: 'The offered slot lapsed; the import is back in the queue.' },
  ALREADY_ADMITTED: { status: 422, message: 'The import is already running.' },
  NOT_IN_QUEUE: { status: 422, message: 'No import is waiting or offered for this seat.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;
export type ErrorDetails = Readonly<Record<string, unknown>>;

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; details?: ErrorDetails; cause?: unknown; status?: number } = {},
  ) {
    super(options.message ?? errorCatalog[code].message, { cause: options.cause });
    this.code = code;
    // Only HTTP_ERROR takes the status of the underlying failure; every other code has its own.
    this.status =
      code === 'HTTP_ERROR' && options.status !== undefined ? options.status : errorCatalog[code].status;
    this.details = options.details;
  }

  toJSON(): { code: ErrorCode; message: string; details?: ErrorDetails } {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/**
 * A write refused because what it was decided on has moved: a version that changed, an item created
 * meanwhile, another transaction on the same item. A race, not a contradiction in the request: the
 * command reads again and decides again (`retryOnConflict`); one that keeps losing the race answers
 * 409 `CONFLICT` like any other.
 */
export class StaleWrite extends ServiceError {
  constructor(cause: unknown) {
    super('CONFLICT', { cause });
  }
}

/** Shorthand for raising a rule's error: `throw fail('SEAT_ACTIVE')`. */
export const fail = (code: ErrorCode, details?: ErrorDetails, message?: string): ServiceError =>
  new ServiceError(code, {
    ...(details === undefined ? {} : { details }),
    ...(message === undefined ? {} : { message }),
  });

export const isServiceError = (error: unknown): error is ServiceError => error instanceof ServiceError;
