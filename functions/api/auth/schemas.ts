import * as z from 'zod';
import { emailField } from '../../../shared/http/fields';

export const requestOtpBody = z.strictObject({
  email: emailField,
  delivery: z.enum(['code', 'link']),
  intent: z.enum(['login', 'signup']).default('login'),
});

export const verifyOtpBody = z.union([
  z.strictObject({ email: emailField, code: z.string().min(1).max(16) }),
  z.strictObject({ token: z.string().min(1).max(256) }),
]);

export const resendBody = z.strictObject({ email: emailField });
