import { sqsClient } from '../../../shared/adapters/sqs/sqs-client';
import { sqsQueue } from '../../../shared/adapters/sqs/sqs-queue';
import { configFor } from '../../../shared/config/config';
import type { SignInOutbox } from '../../../shared/ports/mailer';
import { settings } from '../runtime';

const { signInMailsQueue } = configFor('signInMailsQueue');
const queue = sqsQueue(sqsClient(settings), signInMailsQueue.SIGN_IN_MAILS_QUEUE_URL);

/**
 * The auth group's outbox: each sign-in request's letter goes to the sign-in mail worker's queue
 * (infra/consumers.ts, `signInMails`) and is sent after the answer, so no request waits for a mail.
 */
export const signInMails: SignInOutbox = {
  post: (letter) => queue.send([{ body: JSON.stringify(letter) }]),
};
