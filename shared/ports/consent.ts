import type { DeliveryFailureReason } from '../domain/consent/delivery';
import type { RelationshipResult } from '../domain/consent/relationship-check';
import type { Relationship } from '../domain/people/relationship';

/** The outside registry that checks the declared tie (sandbox locally: the person's CPF decides). */
export interface RelationshipRegistry {
  check(input: {
    personCpf: string;
    ownerCpf: string | null;
    relationship: Relationship;
  }): Promise<RelationshipResult>;
}

/**
 * What the business provider made of one send: it accepted the message (which does not mean it
 * reached the phone: status reports follow), refused it (temporarily: worth another try later; or
 * for good), or the outcome is unknown (a timeout: it may have accepted it, so it is not sent again).
 */
export type SendOutcome =
  | { outcome: 'accepted'; messageId: string; providerStatus: string | null }
  | { outcome: 'refused'; temporary: boolean; reason: DeliveryFailureReason; code: number | null }
  | { outcome: 'unknown' };

/** The business provider: delivers the consent link to the person's phone as a template message. */
export interface ConsentMessenger {
  sendConsentLink(message: {
    /** E.164, with its `+`. */
    to: string;
    personFirstName: string;
    linkToken: string;
    /** Echoed on every status report of the message, so a report finds its delivery. */
    reference: string;
  }): Promise<SendOutcome>;
}

/** Per-seat data keys: made at activation, stored only encrypted; destroying the stored copy ends them. */
export interface SeatKeys {
  create(seatId: string): Promise<string>;
  open(seatId: string, encryptedKey: string): Promise<Uint8Array>;
}

/**
 * Where seats' wrapped data keys are kept: apart from the seats, in a store no backup or
 * point-in-time recovery holds, so a key deleted there is gone for good. Written only with the seat
 * (`SeatChangeExtras.dataKey`); read here by those that open a seat's content.
 */
export interface WrappedKeys {
  /** The wrapped key of the seat's data key `dataKeyId`, or null when it is no longer kept. */
  get(seatId: string, dataKeyId: string): Promise<string | null>;
}
