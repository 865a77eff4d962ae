import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { pseudonymOf } from '../../plugins/pseudonyms'
import type { MailTransport } from './mail.provider'

/**
 * Real mail over SMTP. It runs in the send-mail job, never in a request (decision 024): a failure throws, and the
 * job queue retries the message with backoff, in whichever process is up.
 */
export function createSmtpTransport(
  options: { url: string; from: string },
  logger: FastifyBaseLogger,
  pseudonymKey: Buffer,
  createTransport: typeof nodemailer.createTransport = nodemailer.createTransport,
): MailTransport {
  const transporter = createTransport(options.url)
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
      logger.info({ to: pseudonymOf(pseudonymKey, message.to), template: message.template }, 'mail sent')
    },
    async close() {
      transporter.close()
    },
  }
}
