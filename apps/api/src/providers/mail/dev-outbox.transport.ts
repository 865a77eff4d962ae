import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { devOutbox } from '../../db/schema'
import type { MailTransport } from './mail.provider'

/** Development and test transport: keeps every message for /dev/outbox and /dev/mailbox and logs one line each. */
export function createDevOutboxTransport(db: Database, logger: FastifyBaseLogger): MailTransport {
  return {
    kind: 'dev-outbox',
    async send({ devNote, ...message }) {
      await db.insert(devOutbox).values(message)
      logger.info(`dev outbox: to=${message.to} template=${message.template}${devNote ? ` ${devNote}` : ''}`)
    },
    async close() {},
  }
}
