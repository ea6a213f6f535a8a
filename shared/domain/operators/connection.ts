import type { Seat } from '../family/seat';
import type { ImportStatus, ImportStep } from '../history/history-import';
import type { PairingStatus } from '../pairing/pairing.transitions';
import { maskedDependent } from './masking';

/**
 * A seat channel's connection as the backoffice lists it: the pairing's state, where its session
 * runs, and the person already masked, so the item kept for the list never holds who they are.
 */
export interface Connection {
  seatUid: string;
  accountUid: string;
  person: ReturnType<typeof maskedDependent> | null;
  channel: 'chat';
  status: PairingStatus;
  pairedAt: string | null;
  lastSeenAt: string | null;
  /** The session's name at the provider (the worker that runs it knows it by that name). */
  sessionWorker: string;
  proxyLabel: string;
  /** The seat's latest history import: its status, and its step while it runs. */
  sync: { status: ImportStatus; step: ImportStep | null } | null;
  /** When the pairing started: the list's order (newest first), with the seat uid. */
  startedAt: string;
}

/** The seat's chat connection, or null while it never paired. */
export const connectionOf = (seat: Seat): Connection | null =>
  seat.pairing === null
    ? null
    : {
        seatUid: seat.uid,
        accountUid: seat.accountUid,
        person: seat.dependent === null ? null : maskedDependent(seat.dependent),
        channel: seat.pairing.channel,
        status: seat.pairing.status,
        pairedAt: seat.pairing.pairedAt,
        lastSeenAt: seat.pairing.lastSeenAt,
        sessionWorker: seat.pairing.sessionName,
        proxyLabel: seat.pairing.proxyLabel,
        sync:
          seat.historyImport === null
            ? null
            : {
                status: seat.historyImport.status,
                step: seat.historyImport.status === 'running' ? seat.historyImport.step : null,
              },
        startedAt: seat.pairing.startedAt,
      };
