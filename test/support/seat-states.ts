import {
  activate,
  giveConsent,
  recordEvidence,
  requestConsent,
} from '../../shared/domain/consent/seat-consent';
import { newSeat, type Seat } from '../../shared/domain/family/seat';
import { newPairing, type Pairing } from '../../shared/domain/pairing/pairing';

/** The consent settings the pure seat tests ask with. */
export const consentSettings = { linkTtlSeconds: 3600, resendWaitSeconds: 86_400 };

/**
 * A seat as the domain leaves it once its person consented, the owner activated it (its key
 * `wrapped`) and a pairing reached `status` (a `degraded` one dropped at `now`): for pure tests of
 * the derivation and the seat's moves.
 */
export const protectedSeatAt = (now: Date, status: Pairing['status'] = 'paired'): Seat => {
  const seat: Seat = {
    ...newSeat({
      uid: 'st_x',
      seatId: '01SEAT',
      accountUid: 'acc_x',
      price: { amount: 1, currency: 'BRL' },
      now,
    }),
    dependent: {
      kind: 'minor',
      name: 'Bia',
      birthDate: '2014-03-02',
      relationship: 'child',
      phone: '+5511987654321',
      document: { type: 'cpf', number: '52998224725' },
    },
  };
  const asked = requestConsent(
    seat,
    { requestId: 'r1', now, requesterFirstName: 'Ana' },
    consentSettings,
  ).seat;
  const active = activate(giveConsent(recordEvidence(asked, now), now), now, {
    campaignCode: null,
    dataKeyId: 'key-1',
  });
  const pairing = newPairing({
    pairingId: '01P',
    method: 'qr',
    requestedBy: 'guardian',
    proxyLabel: 'p',
    now,
  });
  return {
    ...active,
    pairing: { ...pairing, status, droppedAt: status === 'degraded' ? now.toISOString() : null },
  };
};
