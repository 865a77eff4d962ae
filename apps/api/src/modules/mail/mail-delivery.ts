import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { JobDefinition } from '../../jobs/job-queue'
import type { MailMessage, MailTransport } from '../../providers/mail/mail.provider'

export const SEND_MAIL_JOB = 'send-mail'

/** What a send-mail job stores: the recipient and template in clear for the operator, the message sealed. */
export interface SendMailJobData {
  to: string
  template: string
  sealed: string
}

/**
 * A queued message carries a code until it is sent, and pg-boss keeps finished jobs for days: the message is
 * stored sealed (AES-256-GCM), so the job tables hold no readable code.
 */
export function sealMail(key: Buffer, message: MailMessage): SendMailJobData {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()])
  return {
    to: message.to,
    template: message.template,
    sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'),
  }
}

function openMail(key: Buffer, data: SendMailJobData): MailMessage {
  const raw = Buffer.from(data.sealed, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return JSON.parse(
    Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
  ) as MailMessage
}

/**
 * The worker side of e-mail: hands a queued message to the transport (dev outbox or SMTP). A transport failure
 * fails the job and the queue retries it (5 s, then doubling, 8 times: about 20 minutes).
 */
export function createSendMailJob({ transport, key }: { transport: MailTransport; key: Buffer }): JobDefinition {
  return {
    name: SEND_MAIL_JOB,
    retryLimit: 8,
    retryDelaySeconds: 5,
    timeoutSeconds: 60,
    // Codes are typed by a person waiting for them.
    pollSeconds: 0.25,
    async run(data) {
      await transport.send(openMail(key, data as SendMailJobData))
    },
  }
}
