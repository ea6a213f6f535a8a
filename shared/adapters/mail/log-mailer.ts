import type { Mailer } from '../../ports/mailer';

/**
 * Development delivery: each code or link is one JSON line on standard output with
 * `"msg":"otp.dev_delivery"` (docs/local-stack.md). This is the only place a code or token is ever written.
 */
export const logMailer = (
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Mailer => ({
  async sendSignIn(mail) {
    const fields =
      mail.kind === 'otp_code'
        ? { email: mail.email, code: mail.code }
        : { email: mail.email, token: mail.token, url: mail.url };
    write(
      JSON.stringify({ level: 'INFO', msg: 'otp.dev_delivery', ...fields, time: new Date().toISOString() }),
    );
  },
});
