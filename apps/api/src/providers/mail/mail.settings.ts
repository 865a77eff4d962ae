import { z } from 'zod'
import { type SettingsContext, booleanFromEnv, refuse } from '../../config/values/env-values'

/** How mail leaves (decision 005): SMTP, or the dev outbox on a laptop. */
export const MailEnv = z.object({
  SMTP_URL: z
    .string()
    .url()
    .optional()
    .describe('e.g. smtp://user:pass@smtp.example.com:587; unset means the dev outbox (/dev/mailbox).'),
  SMTP_FROM: z
    .string()
    .min(3)
    .optional()
    .describe('Sender of every mail, e.g. "Helvex <no-reply@helvex.example>"; required with SMTP_URL.'),
  DEV_OUTBOX: booleanFromEnv
    .optional()
    .describe(
      'Test-only switch: keep the dev outbox even when SMTP_URL is set elsewhere; refused where a real party is.',
    ),
})

export function readMail(env: z.output<typeof MailEnv>, ctx: SettingsContext) {
  const useOutbox = env.DEV_OUTBOX ?? !env.SMTP_URL
  if (useOutbox || !env.SMTP_URL) return { smtp: undefined }
  if (!env.SMTP_FROM) return refuse(ctx, 'required when SMTP_URL is set', 'SMTP_FROM')
  return { smtp: { url: env.SMTP_URL, from: env.SMTP_FROM } }
}
