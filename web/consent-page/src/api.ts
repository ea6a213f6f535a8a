import type * as z from '../../../shared/validation/z';
import type {
  consentPage,
  excerptViews,
  historyImport,
  personPairing,
  protectionReason,
  protectionState,
} from '../../../functions/api/answers';

/** The answers' shapes, taken from the API's own schemas (types only: nothing of them is bundled). */
export type ConsentPage = z.infer<typeof consentPage>;
export type PersonPairing = z.infer<typeof personPairing>;
export type HistoryImport = z.infer<typeof historyImport>;
export type PersonProtection = {
  state: z.infer<typeof protectionState>;
  reason: z.infer<typeof protectionReason>;
  since: string;
  canStop: boolean;
  excerptViews: z.infer<typeof excerptViews>;
};

/** An event of the person's stream, as the relay sends it (never content). */
export interface LiveEvent {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * A refusal as the page shows it: the API's code and details, `OFFLINE` when nothing answered,
 * `TOO_LARGE` for a body over its limit.
 */
export interface Refusal {
  code: string;
  details: Record<string, unknown>;
  retryAfterSeconds: number | null;
}
export type Answer<T> = { ok: true; data: T } | { ok: false; refusal: Refusal };

const offline: Refusal = { code: 'OFFLINE', details: {}, retryAfterSeconds: null };

/** The person's routes, on the page's own origin (CloudFront or the local server forward them). */
export const consentApi = (token: string) => {
  const base = `/consent-requests/${encodeURIComponent(token)}`;
  const send = async <T>(method: string, path: string, body?: FormData | object): Promise<Answer<T>> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : body instanceof FormData ? body : JSON.stringify(body),
        cache: 'no-store',
      });
    } catch {
      return { ok: false, refusal: offline };
    }
    const envelope = (await response.json().catch(() => null)) as {
      success?: boolean;
      data?: T;
      error?: { code?: string; details?: Record<string, unknown> };
    } | null;
    if (response.ok && envelope?.success === true) return { ok: true, data: envelope.data as T };
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      ok: false,
      refusal: {
        // A part over its limit is HTTP_ERROR with 413: the page names it by its status.
        code:
          response.status === 413
            ? 'TOO_LARGE'
            : (envelope?.error?.code ?? (response.status >= 500 ? 'OFFLINE' : 'UNKNOWN')),
        details: envelope?.error?.details ?? {},
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      },
    };
  };
  return {
    page: () => send<ConsentPage>('GET', ''),
    protection: () => send<PersonProtection>('GET', '/protection'),
    evidence: (selfie: Blob, audio: Blob) => {
      const form = new FormData();
      form.append('selfie', selfie, 'selfie.jpg');
      form.append('audio', audio, 'audio.wav');
      return send<ConsentPage>('POST', '/evidence', form);
    },
    accept: () => send<ConsentPage>('POST', '/accept', {}),
    decline: () => send<ConsentPage>('POST', '/decline', {}),
    stop: () => send<ConsentPage>('POST', '/stop', {}),
    pairing: () => send<PersonPairing>('GET', '/pairing'),
    startPairing: () => send<PersonPairing>('POST', '/pairing', {}),
    answerPasskey: (matches: boolean) => send<PersonPairing>('POST', '/pairing/passkey', { matches }),
    acceptHistoryImport: () => send<HistoryImport>('POST', '/history-import/accept', {}),
    eventsUrl: `${base}/events`,
  };
};
export type ConsentApi = ReturnType<typeof consentApi>;
