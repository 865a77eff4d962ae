import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { supportTicketSteps, supportTickets } from '../src/db/tables/modules/support'
import { callUser, mailTo, signUpVerified, useTestApp, EVERY_ROLE, useOperatorSession } from './support'

// Decision 126: the operators are reminded of a complaint before its deadline (the brand's 30 days for a customer
// outside the UK), once, and once more when it has passed while still open; the test clock moves the days.

const OPERATORS_ADDRESS = 'support@helvex.example'
const DAY_MS = 24 * 60 * 60 * 1000

const t = useTestApp({ env: { PUBLIC_URL: 'https://exchange.example' } })
const operator = useOperatorSession(t, EVERY_ROLE, 'ops.sam')
const operatorHeaders: Record<string, string> = operator.headers

async function complaint(message: string) {
  const customer = await signUpVerified(t)
  const answer = await callUser(t.app, 'openTicket', customer.token, { topic: 'complaint', message })
  expect(answer.body).toMatchObject({ result: true })
  return { customer, ticket: answer.body.data as { number: string; responseDueAt: string } }
}

async function stepsOf(number: string) {
  const [row] = await t.db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(eq(supportTickets.serial, Number(number.slice(2))))
  const steps = await t.db.select().from(supportTicketSteps).where(eq(supportTicketSteps.ticketId, row!.id))
  return steps.map((step) => step.step)
}

const reminders = async () =>
  (await mailTo(t.db, OPERATORS_ADDRESS)).filter((mail) => mail.template === 'complaint_reminders')

describe('the reminder of a complaint deadline', () => {
  it('mails the operators a week before, once; again once it has passed; never for a closed one', async () => {
    const { ticket } = await complaint('I was charged twice for one order.')
    const { ticket: closedOne } = await complaint('My payout is late and nobody answers.')
    const closed = await t.app.inject({
      method: 'POST',
      url: `/operator/tickets/${closedOne.number}/close`,
      headers: { ...operatorHeaders, 'content-type': 'application/json' },
      payload: {},
    })
    expect(closed.statusCode).toBeLessThan(400)

    // Three weeks in: nothing is due within a week.
    t.clock.advance(22 * DAY_MS)
    expect(await t.app.jobs.remindComplaints()).toBe(0)
    expect(await reminders()).toHaveLength(0)
    await operator.renew()
    const early = await t.app.inject({ method: 'GET', url: '/operator/tickets', headers: operatorHeaders })
    expect(early.body).not.toContain('due in')

    // Day 23 and more: seven days left. One mail, naming the ticket and its deadline, with the operator's link.
    t.clock.advance(DAY_MS + 1000)
    expect(await t.app.jobs.remindComplaints()).toBe(1)
    const [mail] = await reminders()
    expect(mail!.subject).toBe('1 complaint to answer')
    expect(mail!.text).toContain(`${ticket.number} (`)
    expect(mail!.text).toContain(`https://exchange.example/operator/tickets/${ticket.number}`)
    expect(mail!.text).not.toContain(closedOne.number)
    expect(await stepsOf(ticket.number)).toEqual(['opened', 'acknowledged', 'deadline_reminded'])
    await operator.renew()
    const list = await t.app.inject({ method: 'GET', url: '/operator/tickets', headers: operatorHeaders })
    expect(list.body).toMatch(new RegExp(`${ticket.responseDueAt} <strong[^>]*>due in 7 days`))

    // The next runs of the day, and of the days after, remind no more.
    t.clock.advance(3600_000)
    expect(await t.app.jobs.remindComplaints()).toBe(0)
    t.clock.advance(3 * DAY_MS)
    expect(await t.app.jobs.remindComplaints()).toBe(0)
    expect(await reminders()).toHaveLength(1)

    // Past the deadline and still open: one more mail, saying so.
    t.clock.advance(4 * DAY_MS)
    expect(await t.app.jobs.remindComplaints()).toBe(1)
    const [overdue] = await reminders()
    expect(overdue!.subject).toBe('1 complaint to answer (1 overdue)')
    expect(overdue!.text).toContain(`${ticket.number} (`)
    expect(overdue!.text).toContain('OVERDUE since')
    expect(await stepsOf(ticket.number)).toEqual(['opened', 'acknowledged', 'deadline_reminded', 'deadline_passed'])
    expect(await t.app.jobs.remindComplaints()).toBe(0)
    expect(await stepsOf(closedOne.number)).not.toContain('deadline_reminded')
  })
})
