import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../../shared/domain/errors';
import type { Dependent } from '../../../shared/domain/family/dependent';
import {
  ensureRemovable,
  memberView,
  requireOwner,
  setRelationship,
  type Member,
} from '../../../shared/domain/family/member';
import { archiveSeat, fillDependent, newSeat, type Seat } from '../../../shared/domain/family/seat';
import { accountUidOfSeat, seatUidFor } from '../../../shared/domain/family/uids';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return isServiceError(error) ? error.code : 'not a service error';
  }
  return undefined;
};

const now = new Date('2026-11-22T12:00:00Z');
const pending = (): Seat =>
  newSeat({ uid: 'st_x', seatId: '01A', accountUid: 'acc_x', price: { amount: 2990, currency: 'BRL' }, now });
const person: Dependent = {
  kind: 'minor',
  name: 'Bia',
  birthDate: '2014-03-02',
  relationship: 'child',
  phone: null,
  document: null,
};

describe('a seat', () => {
  it('is created pending, requiring consent, at the given price', () => {
    expect(pending()).toMatchObject({
      status: 'pending',
      activationRequiresConsent: true,
      dependent: null,
      price: { amount: 2990 },
    });
  });

  it('archives when pending, once; an active or paused seat answers SEAT_ACTIVE', () => {
    expect(archiveSeat(pending(), now)?.status).toBe('archived');
    expect(archiveSeat({ ...pending(), status: 'archived' }, now)).toBeNull();
    expect(codeOf(() => archiveSeat({ ...pending(), status: 'active' }, now))).toBe('SEAT_ACTIVE');
    expect(codeOf(() => archiveSeat({ ...pending(), status: 'paused' }, now))).toBe('SEAT_ACTIVE');
  });

  it('destroys its data key when archived', () => {
    const archived = archiveSeat({ ...pending(), dataKeyId: 'key-1' }, now);
    expect(archived).toMatchObject({ status: 'archived', dataKeyId: null });
  });

  it('takes the person; identical data is no change', () => {
    const filled = fillDependent(pending(), person, now);
    expect(filled?.seat.dependent).toEqual(person);
    expect(fillDependent(filled!.seat, { ...person }, now)).toBeNull();
  });

  it('refuses a birth date that does not fit the kind, and an archived seat', () => {
    expect(codeOf(() => fillDependent(pending(), { ...person, kind: 'adult' }, now))).toBe(
      'BIRTH_DATE_OUT_OF_RANGE',
    );
    expect(codeOf(() => fillDependent({ ...pending(), status: 'archived' }, person, now))).toBe(
      'SEAT_NOT_PENDING',
    );
  });

  it('has a uid that carries its account, and nothing else parses as one', () => {
    const accountUid = 'acc_ABCDEFGHIJKLMNOPQRST';
    const seatUid = seatUidFor(accountUid, '0123456789abcdef');
    expect(seatUid).toBe('st_ABCDEFGHIJKLMNOPQRST0123456789abcdef');
    expect(accountUidOfSeat(seatUid)).toBe(accountUid);
    expect(accountUidOfSeat('st_short')).toBeNull();
    expect(accountUidOfSeat(accountUid)).toBeNull();
  });
});

describe('members', () => {
  const owner: Member = {
    accountUid: 'acc_x',
    userUid: 'usr_o',
    role: 'owner',
    relationship: null,
    email: 'owner@example.com',
    joinedAt: '',
    version: 0,
  };
  const guardian: Member = { ...owner, userUid: 'usr_g', role: 'guardian', email: 'gui@example.com' };

  it('let only the owner act: a guardian gets FORBIDDEN', () => {
    expect(codeOf(() => requireOwner(owner))).toBeUndefined();
    expect(codeOf(() => requireOwner(guardian))).toBe('FORBIDDEN');
  });

  it('never give the owner a relationship, nor remove the owner', () => {
    expect(codeOf(() => setRelationship(owner, 'parent'))).toBe('OWNER_HAS_NO_RELATIONSHIP');
    expect(setRelationship(guardian, 'sibling').relationship).toBe('sibling');
    expect(codeOf(() => ensureRemovable(owner))).toBe('OWNER_NOT_REMOVABLE');
  });

  it('show e-mails in full to the owner and to oneself, masked to other guardians', () => {
    expect(memberView(guardian, owner).email).toBe('gui@example.com');
    expect(memberView(guardian, guardian).email).toBe('gui@example.com');
    expect(memberView(owner, guardian).email).toBe('o***@example.com');
  });
});
