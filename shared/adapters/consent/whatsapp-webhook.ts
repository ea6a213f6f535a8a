import * as z from '../../validation/z';

/**
 * The WhatsApp Cloud API's webhook body (`object: whatsapp_business_account`): entries of changes,
 * each change's `value` carrying `statuses[]`, `messages[]` and `errors[]`. Read loosely: Meta adds
 * fields, and one element we cannot read must not cost the rest of the batch.
 */
const providerError = z.looseObject({ code: z.optional(z.number()) });
const status = z.looseObject({
  id: z.string(),
  status: z.string(),
  timestamp: z.optional(z.string()),
  biz_opaque_callback_data: z.optional(z.string()),
  errors: z.optional(z.array(providerError)),
});
export const whatsappNotification = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.looseObject({
      id: z.string(),
      changes: z.array(
        z.looseObject({
          field: z.string(),
          value: z.looseObject({
            statuses: z.optional(z.array(z.unknown())),
            messages: z.optional(z.array(z.unknown())),
            errors: z.optional(z.array(z.unknown())),
          }),
        }),
      ),
    }),
  ),
});
export type WhatsappNotification = z.infer<typeof whatsappNotification>;

/**
 * One thing the provider told us, as queued for the business-events worker: ids, statuses, codes
 * and instants only, never the person's number or a reply's text.
 */
export const businessEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('status'),
    messageId: z.string(),
    status: z.string(),
    at: z.nullable(z.string()),
    reference: z.nullable(z.string()),
    errorCodes: z.array(z.number()),
  }),
  z.object({ kind: z.literal('message'), messageId: z.nullable(z.string()) }),
  /** `value.errors[]`: errors of the business account or the app, not of one message. */
  z.object({ kind: z.literal('error'), codes: z.array(z.number()) }),
]);
export type BusinessEvent = z.infer<typeof businessEvent>;

const codesOf = (errors: readonly unknown[] | undefined): number[] =>
  (errors ?? []).flatMap((error) => {
    const parsed = providerError.safeParse(error);
    return parsed.success && parsed.data.code !== undefined ? [parsed.data.code] : [];
  });

const instantOf = (seconds: string | undefined): string | null =>
  seconds !== undefined && /^\d{1,12}$/.test(seconds) ? new Date(Number(seconds) * 1000).toISOString() : null;

/**
 * The body fanned out: one event per status, message or error (`entry[] x changes[] x elements`),
 * and a count of the elements that could not be read (dropped, counted, never retried by Meta).
 */
export const businessEventsOf = (
  notification: WhatsappNotification,
): { events: BusinessEvent[]; unreadable: number } => {
  let unreadable = 0;
  const events = notification.entry.flatMap((entry) =>
    entry.changes.flatMap((change): BusinessEvent[] => [
      ...(change.value.statuses ?? []).flatMap((item): BusinessEvent[] => {
        const parsed = status.safeParse(item);
        if (!parsed.success) {
          unreadable += 1;
          return [];
        }
        return [
          {
            kind: 'status',
            messageId: parsed.data.id,
            status: parsed.data.status,
            at: instantOf(parsed.data.timestamp),
            reference: parsed.data.biz_opaque_callback_data ?? null,
            errorCodes: codesOf(parsed.data.errors),
          },
        ];
      }),
      ...(change.value.messages ?? []).map((item): BusinessEvent => {
        const id = z.looseObject({ id: z.string() }).safeParse(item);
        return { kind: 'message', messageId: id.success ? id.data.id : null };
      }),
      ...(change.value.errors === undefined || change.value.errors.length === 0
        ? []
        : [{ kind: 'error' as const, codes: codesOf(change.value.errors) }]),
    ]),
  );
  return { events, unreadable };
};
