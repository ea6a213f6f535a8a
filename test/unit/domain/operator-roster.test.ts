import { describe, expect, it } from 'vitest';
import {
  changeMemberRole,
  enrollMember,
  inviteMember,
  removeMember,
  type OperatorMember,
  type Roster,
} from '../../../shared/domain/operators/roster';

const at = '2026-11-24T10:00:00.000Z';
const member = (uid: string, role: OperatorMember['role']): OperatorMember => ({
  uid,
  email: `${uid}@example.com`,
  role,
  createdAt: at,
});
const ana = member('ana', 'owner');
const bia = member('bia', 'owner');
const caio = member('caio', 'operator');
const roster = (...members: OperatorMember[]): Roster => ({ members, version: 3 });
const codeOf = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'decided';
};

describe('the operator roster', () => {
  it('lets only owners manage members (FORBIDDEN for an operator)', () => {
    const all = roster(ana, caio);
    expect(codeOf(() => inviteMember(all, caio, member('dan', 'operator')))).toBe('FORBIDDEN');
    expect(codeOf(() => changeMemberRole(all, caio, 'ana', 'operator'))).toBe('FORBIDDEN');
    expect(codeOf(() => removeMember(all, caio, 'ana'))).toBe('FORBIDDEN');
  });

  it('invites a new address, never one’s own (SELF_INVITE) nor one present (CONFLICT)', () => {
    const all = roster(ana, caio);
    expect(inviteMember(all, ana, member('dan', 'operator')).members.map((each) => each.uid)).toEqual([
      'ana',
      'caio',
      'dan',
    ]);
    expect(codeOf(() => inviteMember(all, ana, { ...member('x', 'owner'), email: ana.email }))).toBe(
      'SELF_INVITE',
    );
    expect(codeOf(() => inviteMember(all, ana, { ...member('x', 'owner'), email: caio.email }))).toBe(
      'CONFLICT',
    );
  });

  it('changes another member’s role, never one’s own (SELF_CHANGE), nor an unknown one’s (MEMBER_UNKNOWN)', () => {
    const all = roster(ana, bia, caio);
    expect(changeMemberRole(all, ana, 'caio', 'owner').members).toContainEqual({ ...caio, role: 'owner' });
    expect(changeMemberRole(all, ana, 'bia', 'operator').members).toContainEqual({
      ...bia,
      role: 'operator',
    });
    expect(codeOf(() => changeMemberRole(all, ana, 'ana', 'operator'))).toBe('SELF_CHANGE');
    expect(codeOf(() => changeMemberRole(all, ana, 'nobody', 'owner'))).toBe('MEMBER_UNKNOWN');
  });

  it('lets an owner leave unless they are the last owner (LAST_OWNER)', () => {
    expect(removeMember(roster(ana, bia), ana, 'ana').members).toEqual([bia]);
    expect(codeOf(() => removeMember(roster(ana, caio), ana, 'ana'))).toBe('LAST_OWNER');
    expect(removeMember(roster(ana, caio), ana, 'caio').members).toEqual([ana]);
    expect(codeOf(() => removeMember(roster(ana), ana, 'nobody'))).toBe('MEMBER_UNKNOWN');
  });

  it('keeps the version it was read at (the store writes the next one under it)', () => {
    expect(removeMember(roster(ana, caio), ana, 'caio').version).toBe(3);
  });

  it('enrolls as Cognito would: a new address joins, a present one gets the role', () => {
    const joined = enrollMember(roster(ana), member('dan', 'operator'));
    expect(joined.member).toEqual(member('dan', 'operator'));
    const promoted = enrollMember(roster(ana, caio), { ...member('other-sub', 'owner'), email: caio.email });
    expect(promoted.member).toEqual({ ...caio, role: 'owner' });
    expect(promoted.roster.members).toHaveLength(2);
  });
});
