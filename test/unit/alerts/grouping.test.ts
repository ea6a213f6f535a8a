import { describe, expect, it } from 'vitest';
import type { AlertRecord } from '../../../shared/domain/alerts/alert';
import { findingKey, type Finding } from '../../../shared/domain/alerts/finding';
import { groupFindings, type GroupingInput } from '../../../shared/domain/alerts/grouping';

const now = new Date('2026-11-22T10:00:00Z');
const earlier = '2026-11-21T08:00:00.000Z';

const finding = (fields: Partial<Finding> = {}): Finding => ({
  category: 'bullying',
  severity: 'low',
  messageId: 'msg_1',
  confidence: 0.8,
  source: 'live',
  sentAt: '2026-11-22T09:59:00.000Z',
  ...fields,
});

const openAlert = (fields: Partial<AlertRecord> = {}): AlertRecord => ({
  uid: 'al_open',
  seatUid: 'st_x',
  category: 'bullying',
  severity: 'low',
  status: 'open',
  findingsCount: 2,
  firstFindingAt: earlier,
  lastFindingAt: earlier,
  createdAt: earlier,
  decidedAt: null,
  decidedBy: null,
  source: 'live',
  carryingMessages: [{ messageId: 'msg_0', sentAt: earlier }],
  ...fields,
});

const group = (fields: Partial<GroupingInput>) => {
  let next = 0;
  return groupFindings({
    seatUid: 'st_x',
    openAlerts: [],
    findings: [],
    counted: new Set(),
    now,
    newAlertUid: () => `al_new${++next}`,
    ...fields,
  });
};

describe('a finding with no open alert of its category', () => {
  it('opens a new alert with the finding’s severity and source', () => {
    const result = group({
      findings: [finding({ category: 'scam', severity: 'medium', source: 'history' })],
    });
    expect(result.changes).toEqual([
      {
        before: null,
        alert: {
          uid: 'al_new1',
          seatUid: 'st_x',
          category: 'scam',
          severity: 'medium',
          status: 'open',
          findingsCount: 1,
          firstFindingAt: now.toISOString(),
          lastFindingAt: now.toISOString(),
          createdAt: now.toISOString(),
          decidedAt: null,
          decidedBy: null,
          source: 'history',
          carryingMessages: [{ messageId: 'msg_1', sentAt: '2026-11-22T09:59:00.000Z' }],
        },
      },
    ]);
    expect(result.events).toEqual([
      { type: 'alert.opened', payload: { alertUid: 'al_new1', category: 'scam', severity: 'medium' } },
    ]);
    expect(result.findings).toEqual([
      expect.objectContaining({
        messageId: 'msg_1',
        category: 'scam',
        alertUid: 'al_new1',
        key: 'msg_1#scam',
      }),
    ]);
  });

  it('notifies alert.opened as a warning, or as critical when the alert is high', () => {
    const warning = group({ findings: [finding({ severity: 'medium' })] });
    expect(warning.notifications).toEqual([
      { type: 'alert.opened', severity: 'warning', alertUid: 'al_new1', seatUid: 'st_x' },
    ]);
    const critical = group({ findings: [finding({ severity: 'high' })] });
    expect(critical.notifications).toEqual([
      { type: 'alert.opened', severity: 'critical', alertUid: 'al_new1', seatUid: 'st_x' },
    ]);
  });

  it('opens a new alert even when the open one is of another category', () => {
    const result = group({ openAlerts: [openAlert()], findings: [finding({ category: 'drugs' })] });
    expect(result.changes.map((change) => change.alert.uid)).toEqual(['al_new1']);
  });
});

describe('a finding with an open alert of its category', () => {
  it('joins it: one more finding, the last finding now, the highest severity kept', () => {
    const before = openAlert({ severity: 'medium' });
    const result = group({
      openAlerts: [before],
      findings: [finding({ severity: 'low', messageId: 'msg_9' })],
    });
    expect(result.changes).toEqual([
      {
        before,
        alert: {
          ...before,
          findingsCount: 3,
          lastFindingAt: now.toISOString(),
          severity: 'medium',
          carryingMessages: [
            ...before.carryingMessages,
            { messageId: 'msg_9', sentAt: '2026-11-22T09:59:00.000Z' },
          ],
        },
      },
    ]);
    expect(result.events).toEqual([
      { type: 'alert.updated', payload: { alertUid: 'al_open', severity: 'medium', findingsCount: 3 } },
    ]);
    expect(result.notifications).toEqual([]);
  });

  it('keeps for the excerpt the 3 most recent messages that carry its findings, by sending time', () => {
    const result = group({
      openAlerts: [openAlert()],
      findings: [
        finding({ messageId: 'msg_c', sentAt: '2026-11-22T09:03:00.000Z' }),
        finding({ messageId: 'msg_a', sentAt: '2026-11-22T09:01:00.000Z' }),
        finding({ messageId: 'msg_b', sentAt: '2026-11-22T09:02:00.000Z' }),
      ],
    });
    expect(result.changes[0]?.alert.carryingMessages.map((message) => message.messageId)).toEqual([
      'msg_a',
      'msg_b',
      'msg_c',
    ]);
  });

  it('raises the alert’s severity to the finding’s when it is higher', () => {
    const result = group({ openAlerts: [openAlert()], findings: [finding({ severity: 'medium' })] });
    expect(result.changes[0]?.alert.severity).toBe('medium');
    expect(result.notifications).toEqual([]);
  });

  it('escalates (critical) when the open alert’s severity rises to high', () => {
    const result = group({
      openAlerts: [openAlert({ severity: 'medium' })],
      findings: [finding({ severity: 'high' })],
    });
    expect(result.changes[0]?.alert.severity).toBe('high');
    expect(result.notifications).toEqual([
      { type: 'alert.escalated', severity: 'critical', alertUid: 'al_open', seatUid: 'st_x' },
    ]);
  });

  it('does not escalate an alert that was already high', () => {
    const result = group({
      openAlerts: [openAlert({ severity: 'high' })],
      findings: [finding({ severity: 'high' })],
    });
    expect(result.notifications).toEqual([]);
  });
});

describe('a batch of findings', () => {
  it('groups findings of one category into one alert, written once in its final state', () => {
    const result = group({
      findings: [
        finding({ messageId: 'msg_1', severity: 'low' }),
        finding({ messageId: 'msg_2', severity: 'high' }),
        finding({ messageId: 'msg_3', category: 'hate' }),
      ],
    });
    expect(result.changes).toHaveLength(2);
    expect(result.changes[0]).toMatchObject({
      before: null,
      alert: { uid: 'al_new1', category: 'bullying', severity: 'high', findingsCount: 2 },
    });
    expect(result.events.map((event) => event.type)).toEqual([
      'alert.opened',
      'alert.updated',
      'alert.opened',
    ]);
    expect(result.notifications.map((notice) => [notice.type, notice.alertUid, notice.severity])).toEqual([
      ['alert.opened', 'al_new1', 'warning'],
      ['alert.escalated', 'al_new1', 'critical'],
      ['alert.opened', 'al_new2', 'warning'],
    ]);
  });

  it('keeps the alert as it was read as the condition of a write that several findings joined', () => {
    const before = openAlert();
    const result = group({
      openAlerts: [before],
      findings: [finding({ messageId: 'msg_5' }), finding({ messageId: 'msg_6' })],
    });
    expect(result.changes).toEqual([{ before, alert: expect.objectContaining({ findingsCount: 4 }) }]);
  });
});

describe('a finding already counted (same message id and category)', () => {
  it('changes nothing, whatever became of its alert', () => {
    const counted = new Set([findingKey({ messageId: 'msg_1', category: 'bullying' })]);
    expect(group({ openAlerts: [openAlert()], findings: [finding()], counted })).toEqual({
      changes: [],
      findings: [],
      events: [],
      notifications: [],
    });
    expect(group({ findings: [finding()], counted }).changes).toEqual([]);
  });

  it('counts once when a batch carries it twice', () => {
    const result = group({ findings: [finding(), finding({ severity: 'high' })] });
    expect(result.changes[0]?.alert).toMatchObject({ findingsCount: 1, severity: 'low' });
    expect(result.findings).toHaveLength(1);
  });

  it('is another finding when the same message carries another category', () => {
    const counted = new Set([findingKey({ messageId: 'msg_1', category: 'bullying' })]);
    const result = group({ findings: [finding({ category: 'violence' })], counted });
    expect(result.changes[0]?.alert.category).toBe('violence');
  });
});
