import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { devOutbox } from '../../db/tables/providers/mail'
import { pseudonymOf } from '../../plugins/pseudonyms'
import type { MailTransport } from './mail.provider'

/**
 * Development and test transport: keeps every message for /dev/outbox and /dev/mailbox and logs one line each, with
 * the recipient's pseudonym and never the message's code: the mailbox page shows both (decision 076).
 */
export function createDevOutboxTransport(db: Database, logger: FastifyBaseLogger, pseudonymKey: Buffer): MailTransport {
  return {
    kind: 'dev-outbox',
    async send({ devNote, ...message }) {
      await db.insert(devOutbox).values(message)
      logger.info(
        { to: pseudonymOf(pseudonymKey, message.to), template: message.template },
        `dev outbox: ${message.template}${devNote ? ` ${devNote}` : ''}, read it at /dev/mailbox`,
      )
    },
    async close() {},
  }
}
