import { randomBytes } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { operatorActions } from '../src/db/tables/modules/operator'
import {
  supportAttachments,
  supportMessages,
  supportTicketSteps,
  supportTickets,
} from '../src/db/tables/modules/support'
import {
  BRAND,
  type TestApp,
  brandFile,
  buildTestApp,
  buyer,
  callUser,
  initiateBuy,
  mailTo,
  multipart,
  signUpVerified,
  useTestApp,
  EVERY_ROLE,
  useOperatorSession,
} from './support'

const DAY_MS = 24 * 60 * 60 * 1000

const t = useTestApp({ env: {} })
const operator = useOperatorSession(t, EVERY_ROLE, 'ops.sam')
const operatorHeaders: Record<string, string> = operator.headers

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)])
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/** A file sent as a browser sends it with `uploadFile`, for a ticket; answers its id. */
async function attach(
  app: TestApp,
  token: string,
  file = PNG,
  name = 'screenshot.png',
  purpose = 'support_attachment',
) {
  const { payload, contentType } = multipart([
    { name: 'brandName', value: BRAND },
    { name: 'purpose', value: purpose },
    { name: 'file', value: file, fileName: name, type: 'application/octet-stream' },
  ])
  const response = await app.app.inject({
    method: 'POST',
    url: '/v1/user/uploadFile',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  })
  return (response.json() as { data: { id: string } }).data.id
}

const open = (token: string, fields: Record<string, unknown>, app: TestApp = t) =>
  callUser(app.app, 'openTicket', token, {
    topic: 'payment',
    message: 'My card payment did not go through.',
    ...fields,
  })

/** An operator's form post from the operator page. */
const operatorPost = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...operatorHeaders,
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
    },
    payload: new URLSearchParams(fields).toString(),
  })

const ticketRow = async (serial: number) =>
  (await t.db.select().from(supportTickets).where(eq(supportTickets.serial, serial)))[0]!
const serialOf = (number: string) => Number(number.slice(2))

describe('support tickets', () => {
  it('opens a ticket about an own order with two files, e-mails its number and shows it with its thread', async () => {
    const customer = await buyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    const files = [await attach(t, customer.token), await attach(t, customer.token, PDF, 'statement.pdf')]
    const opened = await open(customer.token, { orderReference: reference, attachmentIds: files })
    expect(opened.status).toBe(200)
    const ticket = opened.body.data
    expect(ticket).toMatchObject({
      number: expect.stringMatching(/^T-\d{6}$/),
      topic: 'payment',
      status: 'open',
      orderReference: reference,
      acknowledgedAt: null,
      responseDueAt: null,
      messages: [{ from: 'customer', body: 'My card payment did not go through.', at: expect.any(String) }],
      attachments: [
        { id: files[0], fileName: 'screenshot.png', mediaType: 'image/png' },
        { id: files[1], fileName: 'statement.pdf', mediaType: 'application/pdf' },
      ],
    })
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail!.subject).toBe(`We received your request ${ticket.number}`)
    expect(mail!.template).toBe('support_opened')
    expect(mail!.text).toContain('/dashSupport')

    const list = await callUser(t.app, 'listTickets', customer.token)
    expect(list.body.data).toEqual([expect.objectContaining({ number: ticket.number, status: 'open' })])
    const again = await callUser(t.app, 'getTicket', customer.token, { number: ticket.number })
    expect(again.body.data).toEqual(ticket)
    const steps = await t.db
      .select()
      .from(supportTicketSteps)
      .where(eq(supportTicketSteps.ticketId, (await ticketRow(serialOf(ticket.number))).id))
    expect(steps.map((step) => step.step)).toEqual(['opened'])
  })

  it("refuses another customer's ticket exactly as an unknown one, to read and to answer", async () => {
    const owner = await signUpVerified(t)
    const other = await signUpVerified(t)
    const { number } = (await open(owner.token, {})).body.data
    const unknown = await callUser(t.app, 'getTicket', other.token, { number: 'T-999999' })
    expect(unknown).toEqual({ status: 404, body: { result: false, error: 'not_found' } })
    expect(await callUser(t.app, 'getTicket', other.token, { number })).toEqual(unknown)
    const reply = await callUser(t.app, 'replyTicket', other.token, { number, message: 'Let me in please' })
    expect(reply).toEqual(unknown)
    expect((await callUser(t.app, 'listTickets', other.token)).body.data).toEqual([])
    const messages = await t.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, (await ticketRow(serialOf(number))).id))
    expect(messages).toHaveLength(1)
  })

  it('refuses an order or a file of another customer, and a file sent twice, storing nothing', async () => {
    const owner = await buyer(t)
    const { reference } = (await initiateBuy(t, owner.token)).body.data
    const ownersFile = await attach(t, owner.token)
    const other = await signUpVerified(t)
    const before = (await t.db.select().from(supportTickets)).length
    expect(await open(other.token, { orderReference: reference })).toEqual({
      status: 200,
      body: { result: false, error: 'order_not_found' },
    })
    expect(await open(other.token, { attachmentIds: [ownersFile] })).toEqual({
      status: 400,
      body: {
        result: false,
        error: 'validation_failed',
        fields: { attachmentIds: 'Each file must be one you sent for support and not attached to another request' },
      },
    })
    // A file sent for the identity check is not a support attachment.
    const identityFile = await attach(t, other.token, PNG, 'passport.png', 'identity_document')
    expect((await open(other.token, { attachmentIds: [identityFile] })).body.fields).toHaveProperty('attachmentIds')
    expect((await t.db.select().from(supportTickets)).length).toBe(before)
    // A file attached once belongs to that ticket.
    const mine = await attach(t, other.token)
    expect((await open(other.token, { attachmentIds: [mine] })).body.result).toBe(true)
    expect((await open(other.token, { attachmentIds: [mine] })).body.fields).toHaveProperty('attachmentIds')
    expect(await t.db.select().from(supportAttachments).where(eq(supportAttachments.documentId, mine))).toHaveLength(1)
  })

  it('refuses bad input with 400 and stores nothing: a fourth file, an unknown topic, a message too long', async () => {
    const customer = await signUpVerified(t)
    const files: string[] = []
    // One at a time, as the upload turns of one customer allow.
    for (let i = 0; i < 4; i += 1) files.push(await attach(t, customer.token))
    const before = (await t.db.select().from(supportTickets)).length
    for (const fields of [
      { attachmentIds: files },
      { topic: 'refund-me-now' },
      { message: 'x'.repeat(4001) },
      { message: '  hi ' },
      { orderReference: 'not a reference' },
      { attachmentIds: [files[0], files[0]] },
    ]) {
      const answer = await open(customer.token, fields)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ result: false, error: 'validation_failed' })
    }
    expect((await t.db.select().from(supportTickets)).length).toBe(before)
  })

  it('keeps the thread: an operator answers (logged, e-mailed), the customer replies, the operator closes', async () => {
    const customer = await signUpVerified(t)
    const { number } = (await open(customer.token, { topic: 'wallet', message: 'How do I prove my wallet?' })).body.data
    const list = await t.app.inject({ method: 'GET', url: '/operator/tickets', headers: operatorHeaders })
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain(`>${number}</a>`)
    expect(list.body).toContain(customer.email)

    t.clock.advance(60_000)
    const answered = await operatorPost(`/operator/tickets/${number}/reply`, {
      message: 'Sign the message shown on the wallets page <b>with</b> your wallet.',
    })
    expect(answered.statusCode).toBe(303)
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail!.subject).toBe(`New answer to your request ${number}`)
    expect(mail!.template).toBe('support_replied')
    expect(mail!.text).toContain('Sign the message shown on the wallets page <b>with</b> your wallet.')
    expect(mail!.html).toContain('&lt;b&gt;with&lt;/b&gt;')
    const [logged] = await t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.action, 'support_ticket_replied'))
      .orderBy(asc(operatorActions.id))
    expect(logged).toMatchObject({ operator: 'ops.sam', detail: expect.objectContaining({ ticket: number }) })

    const read = await callUser(t.app, 'getTicket', customer.token, { number })
    expect(read.body.data.status).toBe('answered')
    expect(read.body.data.messages.map((message: { from: string }) => message.from)).toEqual(['customer', 'support'])
    expect(JSON.stringify(read.body.data)).not.toContain('ops.sam')

    const replied = await callUser(t.app, 'replyTicket', customer.token, { number, message: 'Thanks, done.' })
    expect(replied.body.data.status).toBe('open')
    expect(replied.body.data.messages.map((message: { body: string }) => message.body)).toEqual([
      'How do I prove my wallet?',
      'Sign the message shown on the wallets page <b>with</b> your wallet.',
      'Thanks, done.',
    ])

    const page = await t.app.inject({ method: 'GET', url: `/operator/tickets/${number}`, headers: operatorHeaders })
    expect(page.body).toContain('Support (ops.sam)')
    expect(page.body).toContain('Thanks, done.')
    expect((await operatorPost(`/operator/tickets/${number}/close`, {})).statusCode).toBe(303)
    expect((await mailTo(t.db, customer.email))[0]!.subject).toBe(`Your request ${number} is closed`)
    expect(await callUser(t.app, 'replyTicket', customer.token, { number, message: 'One more thing' })).toEqual({
      status: 409,
      body: { result: false, error: 'transition_not_allowed' },
    })
    const row = await ticketRow(serialOf(number))
    const steps = await t.db.select().from(supportTicketSteps).where(eq(supportTicketSteps.ticketId, row.id))
    expect(steps.map((step) => [step.step, step.operator])).toEqual([
      ['opened', null],
      ['operator_replied', 'ops.sam'],
      ['customer_replied', null],
      ['closed', 'ops.sam'],
    ])
    expect(row.closedAt).toEqual(steps[3]!.at)
  })

  it('lets the operator open a file of the ticket, logged, and no file of another ticket', async () => {
    const customer = await signUpVerified(t)
    const file = await attach(t, customer.token)
    const { number } = (await open(customer.token, { attachmentIds: [file] })).body.data
    const other = (await open(customer.token, {})).body.data.number
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { ...operatorHeaders, 'sec-fetch-site': 'same-origin' } })
    const download = await get(`/operator/tickets/${number}/attachments/${file}`)
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(PNG)).toBe(true)
    expect((await get(`/operator/tickets/${other}/attachments/${file}`)).statusCode).toBe(404)
    const logged = await t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.action, 'support_attachment_downloaded'))
    expect(logged.map((action) => action.detail)).toContainEqual(
      expect.objectContaining({ ticket: number, documentId: file }),
    )
    // The trail's own column names the customer whose file it is (decision 133).
    const row = logged.find((action) => action.detail?.documentId === file)!
    expect(row.customerId).toBe((row.detail as { customerId: string }).customerId)
    expect(row.customerId).toEqual(expect.any(String))
  })

  it('acknowledges a complaint at once with its due date, the brand days for a customer outside the UK', async () => {
    const customer = await signUpVerified(t)
    const answer = await open(customer.token, { topic: 'complaint', message: 'I was charged twice for one order.' })
    const ticket = answer.body.data
    const now = t.clock.now()
    expect(ticket.acknowledgedAt).toBe(ticket.createdAt)
    expect(new Date(ticket.responseDueAt).getTime() - new Date(ticket.createdAt).getTime()).toBe(30 * DAY_MS)
    expect(new Date(ticket.createdAt).getTime()).toBe(now.getTime())
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail!.subject).toBe(`We received your complaint ${ticket.number}`)
    expect(mail!.template).toBe('support_complaint_acknowledged')
    const due = new Date(ticket.responseDueAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    expect(mail!.text).toContain(`by ${due}`)
    const row = await ticketRow(serialOf(ticket.number))
    const steps = await t.db.select().from(supportTicketSteps).where(eq(supportTicketSteps.ticketId, row.id))
    expect(steps.map((step) => step.step)).toEqual(['opened', 'acknowledged'])
    const list = await t.app.inject({ method: 'GET', url: '/operator/tickets', headers: operatorHeaders })
    expect(list.body).toContain(ticket.responseDueAt)
    // Past its date and still open, the operator sees it overdue, on the ticket as in the list.
    t.clock.advance(31 * DAY_MS)
    await operator.renew()
    const page = await t.app.inject({
      method: 'GET',
      url: `/operator/tickets/${ticket.number}`,
      headers: operatorHeaders,
    })
    expect(page.body).toMatch(new RegExp(`Final answer due</th><td>${ticket.responseDueAt} <strong[^>]*>overdue`))
  })
})

describe('the complaint deadline of a UK customer', () => {
  it("follows the brand's UK days (eight weeks by default, FCA DISP 1.6.2R), and the brand may shorten it", async () => {
    for (const [brand, days] of [
      [{ ukCheckMode: 'always' }, 56],
      [{ ukCheckMode: 'always', complaintResponseDays: { uk: 15, other: 20 } }, 15],
    ] as const) {
      const app = await buildTestApp({ env: { BRAND_FILE: brandFile(brand) } })
      try {
        const customer = await signUpVerified(app)
        const ticket = (await open(customer.token, { topic: 'complaint' }, app)).body.data
        expect(new Date(ticket.responseDueAt).getTime() - new Date(ticket.createdAt).getTime()).toBe(days * DAY_MS)
      } finally {
        await app.close()
      }
    }
  })
})
