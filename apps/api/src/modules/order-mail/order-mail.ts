import { type MailWords, mailWords } from '../mail/mail-i18n'
import type { OrderUpdate } from '../mail/mail.templates'
import type { SqlExecutor } from '../../jobs/job-queue'
import type { MailService } from '../mail/mail.service'
import type { OrderMailEvent } from './order-mail-events'
import { ORDER_MAIL_TEXTS, TEMPLATE } from './order-mail-texts'

export { type OrderMailEvent, fiatText } from './order-mail-events'

/** An event's template and words in the customer's language, as its e-mail is sent. */
function renderOrderMailEvent(
  event: OrderMailEvent,
  words: MailWords = mailWords(),
): { template: string; update: OrderUpdate } {
  // The table pairs each kind with its own event's renderer; indexed by a kind not known here, TypeScript cannot see it.
  const render = ORDER_MAIL_TEXTS[event.kind] as (event: OrderMailEvent, words: MailWords) => OrderUpdate
  return { template: TEMPLATE[event.kind], update: render(event, words) }
}

/** A mail about an order, queued in the transaction that decided what it tells (it exists only if that commits). */
export interface PendingOrderMail {
  to: string
  reference: string
  event: OrderMailEvent
}

export type OrderMail = ReturnType<typeof createOrderMail>

export function createOrderMail({ mail }: { mail: MailService }) {
  /**
   * Queues the e-mail in the transaction that made the change it tells of: with that change or not at all, so that a
   * crash after the commit loses no mail and a rolled-back change sends none.
   */
  async function send({ to, reference, event }: PendingOrderMail, tx: SqlExecutor): Promise<void> {
    // Written in the language stored on the customer the mail goes to (decision 131).
    const language = await mail.languageOf(to, tx)
    const { template, update } = renderOrderMailEvent(event, mailWords(language))
    await mail.sendOrderUpdate(to, reference, template, update, tx, language)
  }
  async function sendAll(pending: readonly PendingOrderMail[], tx: SqlExecutor): Promise<void> {
    for (const message of pending) await send(message, tx)
  }
  return { send, sendAll }
}
