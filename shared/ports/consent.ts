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

/** The business provider: delivers the consent link to the person's phone as a template message. */
export interface ConsentMessenger {
  sendConsentLink(message: {
    to: string;
    personFirstName: string;
    linkToken: string;
    reference: string;
  }): Promise<void>;
}

/** Per-seat data keys: made at activation, stored only encrypted; destroying the stored copy ends them. */
export interface SeatKeys {
  create(seatId: string): Promise<string>;
  open(seatId: string, encryptedKey: string): Promise<Uint8Array>;
}
