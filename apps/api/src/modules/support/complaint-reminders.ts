import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import { COMPLAINT_REMINDER_DAYS, ticketNumberOf } from '@exchange/shared/support.schemas'
import { customers } from '../../db/tables/modules/customers'
import { supportTicketSteps, supportTickets } from '../../db/tables/modules/support'
import type { ComplaintReminder } from '../mail/support-mail.templates'
import type { SupportDeps } from './support-deps'

/** The most complaints one run looks at; the next run takes the rest. */
const REMINDER_BATCH = 100
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The operators' reminder before a complaint's deadline (decision 126): every open complaint whose final answer is due
 * within COMPLAINT_REMINDER_DAYS is put in one mail to the brand's support address, once (`deadline_reminded`), and
 * again once its deadline has passed while it is still open (`deadline_passed`). Each reminder is a step of the
 * ticket, stored in the transaction of the mail, with the ticket's row taken so two processes never remind twice.
 * Answers how many complaints were in the mail.
 */
export async function remindComplaintDeadlines(
  {
    db,
    clock,
    mail,
  }: Pick<SupportDeps, 'db' | 'clock'> & {
    mail: { sendComplaintReminders(reminders: ComplaintReminder[], tx: SupportDeps['db']): Promise<void> }
  },
  operatorTicketUrl: (number: string) => string,
): Promise<number> {
  const now = clock.now()
  const soon = new Date(now.getTime() + COMPLAINT_REMINDER_DAYS * DAY_MS)
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: supportTickets.id,
        serial: supportTickets.serial,
        responseDueAt: supportTickets.responseDueAt,
        email: customers.email,
      })
      .from(supportTickets)
      .innerJoin(customers, eq(customers.id, supportTickets.customerId))
      .where(
        and(
          eq(supportTickets.topic, 'complaint'),
          isNull(supportTickets.closedAt),
          lte(supportTickets.responseDueAt, soon),
        ),
      )
      .orderBy(asc(supportTickets.responseDueAt))
      .limit(REMINDER_BATCH)
      .for('update', { of: supportTickets })
    if (due.length === 0) return 0
    const told = await tx
      .select({ ticketId: supportTicketSteps.ticketId, step: supportTicketSteps.step })
      .from(supportTicketSteps)
      .where(
        and(
          inArray(
            supportTicketSteps.ticketId,
            due.map((ticket) => ticket.id),
          ),
          inArray(supportTicketSteps.step, ['deadline_reminded', 'deadline_passed']),
        ),
      )
    const reminders: ComplaintReminder[] = []
    for (const ticket of due) {
      const passed = ticket.responseDueAt! <= now
      const step = passed ? 'deadline_passed' : 'deadline_reminded'
      if (told.some((one) => one.ticketId === ticket.id && one.step === step)) continue
      await tx.insert(supportTicketSteps).values({ ticketId: ticket.id, step, operator: null, at: now })
      const number = ticketNumberOf(ticket.serial)
      reminders.push({
        number,
        customerEmail: ticket.email,
        responseDueAt: ticket.responseDueAt!,
        passed,
        link: operatorTicketUrl(number),
      })
    }
    if (reminders.length > 0) await mail.sendComplaintReminders(reminders, tx)
    return reminders.length
  })
}
