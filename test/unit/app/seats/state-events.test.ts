import { describe, expect, it } from 'vitest';
import { stateChangeEvents } from '../../../../shared/app/seats/state-events';
import { stopByDependent } from '../../../../shared/domain/consent/seat-consent';
import { deriveProtection, personProtection } from '../../../../shared/domain/consent/protection';
import { newEvent, toClientEvent, type DomainEvent } from '../../../../shared/domain/events/event';
import { belongsTo, topicsOf, type StreamTopic } from '../../../../shared/domain/events/streams';
import type { Seat } from '../../../../shared/domain/family/seat';
import type { Pairing } from '../../../../shared/domain/pairing/pairing';
import { alertOf } from '../../../support/alerts';
import { consentSettings, protectedSeatAt } from '../../../support/seat-states';

/** The person consented to be protected, not to be told of what their guardians are warned about. */

const now = new Date('2026-11-22T10:00:00Z');
const alert = alertOf(
  { ulid: () => '' },
  { accountUid: 'acc_x', uid: 'st_x' },
  new Date('2026-11-22T09:00:00Z'),
  {
    uid: 'al_1',
    severity: 'high',
  },
);

const protectedSeat = (status: Pairing['status'] = 'paired'): Seat => protectedSeatAt(now, status);
const withAlert = (seat: Seat): Seat => ({ ...seat, openAlerts: [alert] });

let next = 0;
const deps = { ids: { ulid: () => `01EVENT${String(next++).padStart(4, '0')}` }, clock: { now: () => now } };
const changes = (before: Seat, after: Seat) =>
  stateChangeEvents(deps as Parameters<typeof stateChangeEvents>[0], before, after).map((event) => ({
    state: event.payload['state'],
    audience: event.audience,
  }));

const accountTopic: StreamTopic = { kind: 'account', accountId: 'acc_x' };
const personTopic: StreamTopic = { kind: 'seat', accountId: 'acc_x', seatId: '01SEAT' };

describe('the person’s protection', () => {
  it('is the state the seat would have without its alerts', () => {
    expect(deriveProtection(withAlert(protectedSeat()), now)).toMatchObject({ state: 'needs_you' });
    expect(personProtection(withAlert(protectedSeat()), now)).toMatchObject({
      state: 'protecting',
      reason: null,
    });
    expect(personProtection(withAlert(protectedSeat('degraded')), now)).toMatchObject({
      state: 'connecting',
      reason: 'reconnecting',
    });
    expect(personProtection(protectedSeat(), now)).toEqual(deriveProtection(protectedSeat(), now));
  });

  it('stays the same, and nothing is said to the person, when an alert opens or closes', () => {
    expect(changes(protectedSeat(), withAlert(protectedSeat()))).toEqual([
      { state: 'needs_you', audience: 'guardians' },
    ]);
    expect(changes(withAlert(protectedSeat()), protectedSeat())).toEqual([
      { state: 'protecting', audience: 'guardians' },
    ]);
  });

  it('moves on its own when the connection moves under an open alert, unseen by the guardians', () => {
    expect(changes(withAlert(protectedSeat()), withAlert(protectedSeat('degraded')))).toEqual([
      { state: 'connecting', audience: 'person' },
    ]);
  });

  it('is told once, to everyone, when both sides reach the same state', () => {
    const stopped = stopByDependent(withAlert(protectedSeat()), now, consentSettings);
    expect(changes(withAlert(protectedSeat()), stopped)).toEqual([{ state: 'stopped', audience: undefined }]);
    expect(changes(protectedSeat(), protectedSeat('degraded'))).toEqual([
      { state: 'connecting', audience: undefined },
    ]);
  });
});

describe('an event’s audience', () => {
  const event = (type: string, audience?: DomainEvent['audience']) =>
    newEvent(
      { source: 'api', ulid: () => '01EVENT', now },
      {
        type,
        accountId: 'acc_x',
        seat: { seatId: '01SEAT', uid: 'st_x' },
        ...(audience === undefined ? {} : { audience }),
      },
    );

  it('keeps an event off the stream it is not meant for, and wakes only the other', () => {
    const forGuardians = event('seat.state_changed', 'guardians');
    expect(belongsTo(accountTopic, forGuardians)).toBe(true);
    expect(belongsTo(personTopic, forGuardians)).toBe(false);
    expect(topicsOf(forGuardians)).toEqual([accountTopic]);

    const forPerson = event('seat.state_changed', 'person');
    expect(belongsTo(accountTopic, forPerson)).toBe(false);
    expect(belongsTo(personTopic, forPerson)).toBe(true);
    expect(topicsOf(forPerson)).toEqual([personTopic]);

    const forBoth = event('seat.state_changed');
    expect(belongsTo(accountTopic, forBoth)).toBe(true);
    expect(belongsTo(personTopic, forBoth)).toBe(true);
    expect(topicsOf(forBoth)).toEqual([accountTopic, personTopic]);
  });

  it("lets the warm-up's phases and a history read's offer reach the person", () => {
    expect(belongsTo(personTopic, event('analysis.warmup'))).toBe(true);
    expect(belongsTo(personTopic, event('history.offered'))).toBe(true);
  });

  it('never lets an alert reach the person, and never reaches a client', () => {
    expect(belongsTo(personTopic, event('alert.opened'))).toBe(false);
    expect(belongsTo(personTopic, event('history.started'))).toBe(false);
    expect(toClientEvent(event('seat.state_changed', 'guardians'))).not.toHaveProperty('audience');
  });
});
