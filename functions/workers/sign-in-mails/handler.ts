import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { SESClient } from '@aws-sdk/client-ses';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { logMailer } from '../../../shared/adapters/mail/log-mailer';
import { sesMailer } from '../../../shared/adapters/mail/ses-mailer';
import { sendSignInLetter, signInLetter } from '../../../shared/app/auth/sign-in-mail';
import { config, configFor } from '../../../shared/config/config';
import { systemClock } from '../../../shared/ports/clock';
import { logger } from '../logger';

const settings = config();
const { mail } = configFor('mail');

const deps = {
  clock: systemClock,
  mailer:
    mail.MAIL_DELIVERY === 'log'
      ? logMailer()
      : sesMailer(new SESClient({ region: settings.AWS_REGION }), mail.MAIL_FROM),
};

const processor = new BatchProcessor(EventType.SQS);

/**
 * The sign-in mail sender: one letter per message, posted by `POST /auth/otp/request` and
 * `/auth/otp/resend` after they answered. Logs the outcome only: never the address, the code or
 * the link, and not whether the letter was empty (that would say which addresses have accounts).
 */
const handleRecord = async (record: SQSRecord): Promise<void> => {
  const parsed = signInLetter.safeParse(JSON.parse(record.body) as unknown);
  if (!parsed.success) {
    logger.warn('sign_in_mail.dropped', { messageId: record.messageId });
    return;
  }
  const outcome = await sendSignInLetter(deps, parsed.data);
  logger.info('sign_in_mail.handled', {
    messageId: record.messageId,
    outcome: outcome === 'expired' ? 'expired' : 'done',
  });
};

export const handler = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, handleRecord, processor, { context });
