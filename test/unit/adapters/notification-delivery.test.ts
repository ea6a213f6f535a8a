import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { awsDelivery } from '../../../shared/adapters/notifications/aws-delivery';
import { logDelivery } from '../../../shared/adapters/notifications/log-delivery';
import type { OutgoingNotification } from '../../../shared/ports/notifications';

const ses = mockClient(SESClient);
const sns = mockClient(SNSClient);
afterEach(() => {
  ses.reset();
  sns.reset();
});

const notification: OutgoingNotification = {
  id: '01KAZZZZZZZZZZZZZZZZZZZZZZ',
  type: 'consent.given',
  category: 'consent',
  severity: 'warning',
  seatUid: 'st_x',
  personFirstName: 'Bia',
};

describe('guardians’ e-mail and push in AWS', () => {
  it('e-mail where allowed and push to each device endpoint, with the type, category and first name only', async () => {
    ses.on(SendEmailCommand).resolves({});
    sns.on(PublishCommand).resolves({});
    await awsDelivery(
      { ses: new SESClient({ region: 'sa-east-1' }), sns: new SNSClient({ region: 'sa-east-1' }) },
      { from: 'no-reply@example.com' },
    ).deliver(notification, [
      { userUid: 'usr_a', email: 'a@example.com', pushEndpoints: ['arn:endpoint/a1', 'arn:endpoint/a2'] },
      { userUid: 'usr_b', email: null, pushEndpoints: ['arn:endpoint/b1'] },
      { userUid: 'usr_c', email: 'c@example.com', pushEndpoints: [] },
    ]);
    const mails = ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input);
    expect(mails.map((mail) => mail.Destination?.ToAddresses)).toEqual([
      ['a@example.com'],
      ['c@example.com'],
    ]);
    expect(mails[0]?.Message?.Subject?.Data).toBe('Consent given: Bia');
    const pushes = sns.commandCalls(PublishCommand).map((call) => call.args[0].input);
    expect(pushes.map((push) => push.TargetArn)).toEqual([
      'arn:endpoint/a1',
      'arn:endpoint/a2',
      'arn:endpoint/b1',
    ]);
    expect(JSON.parse(pushes[0]?.Message ?? '{}')).toEqual({
      id: notification.id,
      type: 'consent.given',
      category: 'consent',
      seatUid: 'st_x',
      personFirstName: 'Bia',
      title: 'Consent given: Bia',
    });
  });
});

describe('guardians’ e-mail and push locally', () => {
  it('log one line per e-mail and per endpoint, without the first name', async () => {
    const lines: string[] = [];
    await logDelivery((line) => lines.push(line)).deliver(notification, [
      { userUid: 'usr_a', email: 'a@example.com', pushEndpoints: ['local:push:dv_1'] },
      { userUid: 'usr_b', email: null, pushEndpoints: [] },
    ]);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => [line['channel'], line['userUid']])).toEqual([
      ['email', 'usr_a'],
      ['push', 'usr_a'],
    ]);
    expect(lines.join('\n')).not.toContain('Bia');
    expect(lines.join('\n')).not.toContain('a@example.com');
  });
});

describe('SES refusing', () => {
  it('fails no other send and not the change: the refusal is reported, without the address', async () => {
    ses
      .on(SendEmailCommand, { Destination: { ToAddresses: ['a@example.com'] } })
      .rejects(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
    ses.on(SendEmailCommand, { Destination: { ToAddresses: ['c@example.com'] } }).resolves({});
    sns.on(PublishCommand).resolves({});
    const refused: unknown[] = [];
    await awsDelivery(
      { ses: new SESClient({ region: 'sa-east-1' }), sns: new SNSClient({ region: 'sa-east-1' }) },
      { from: 'no-reply@example.com', onRefused: (refusal) => refused.push(refusal) },
    ).deliver(notification, [
      { userUid: 'usr_a', email: 'a@example.com', pushEndpoints: ['arn:endpoint/a1'] },
      { userUid: 'usr_c', email: 'c@example.com', pushEndpoints: [] },
    ]);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(2);
    expect(sns.commandCalls(PublishCommand)).toHaveLength(1);
    expect(refused).toEqual([{ channel: 'email', userUid: 'usr_a', error: 'MessageRejected' }]);
  });
});
