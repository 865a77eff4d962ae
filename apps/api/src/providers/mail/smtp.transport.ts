import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { MailMessage, MailTransport } from './mail.provider'

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000]

/**
 * Real mail over SMTP. Sending is queued so a request never waits on the mail server: that keeps the
 * answers of reset and login the same in time whether or not a message goes out.
 */
export function createSmtpTransport(
  options: { url: string; from: string },
  logger: FastifyBaseLogger,
  createTransport: typeof nodemailer.createTransport = nodemailer.createTransport,
): MailTransport {
  const transporter = createTransport(options.url)
  const inFlight = new Set<Promise<void>>()

  async function deliver(message: MailMessage) {
    for (let attempt = 0; ; attempt++) {
      try {
        await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
        logger.info({ to: message.to, template: message.template }, 'mail sent')
        return
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt]
        if (delay === undefined) {
          logger.error({ to: message.to, template: message.template, err: error }, 'mail delivery failed, giving up')
          return
        }
        logger.warn(
          { to: message.to, template: message.template, attempt: attempt + 1 },
          'mail delivery failed, retrying',
        )
        await new Promise((resolve) => setTimeout(resolve, delay))
      }
    }
  }

  return {
    kind: 'smtp',
    async send(message) {
      const delivery = deliver(message).finally(() => inFlight.delete(delivery))
      inFlight.add(delivery)
    },
    async close() {
      await Promise.allSettled([...inFlight])
      transporter.close()
    },
  }
}
