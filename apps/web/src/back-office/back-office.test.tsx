import type { CustomerFile, OperatorMe, OrderFile, Queue } from '@exchange/shared/back-office.schemas'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { BackOfficeProviders, BackOfficeRoutes, createBackOfficeQueryClient } from './app'
import { ASKED, REFUSALS } from './refusals'

interface Answer {
  status?: number
  body: unknown
}
type Handler = Answer | ((call: RecordedCall) => Answer)
interface RecordedCall {
  method: string
  path: string
  search: URLSearchParams
  body: Record<string, unknown>
  headers: Record<string, string>
}

/**
 * The operators' api, faked by method and path (`GET /operator/api/queues`): every call is recorded; a call without an
 * answer fails like a dead network.
 */
function mockOperatorApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x')
      const call: RecordedCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
      }
      calls.push(call)
      const handler = handlers[`${call.method} ${call.path}`]
      if (!handler) throw new TypeError(`Failed to fetch ${url.pathname}`)
      const answer = typeof handler === 'function' ? handler(call) : handler
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  }
}

function renderBackOffice(path: string, state?: unknown) {
  return render(
    <BackOfficeProviders client={createBackOfficeQueryClient()} env="test">
      <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
        <BackOfficeRoutes />
      </MemoryRouter>
    </BackOfficeProviders>,
  )
}

const NOW = new Date('2026-11-29T12:00:00.000Z')
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString()
const CUSTOMER_ID = '3f2b8c1e-5d4a-4b6c-9e8f-1a2b3c4d5e6f'
const MY_REQUEST = '7a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'
const THEIR_REQUEST = '8b2d3e4f-5061-4b7c-9d8e-0f1a2b3c4d5e'
const me: OperatorMe = { loginName: 'alice', roles: ['compliance'] }

const item = (overrides: Partial<Queue['items'][number]>): Queue['items'][number] => ({
  id: overrides.id ?? 'item',
  title: 'ana@example.com',
  detail: null,
  since: hoursAgo(1),
  customerId: null,
  orderReference: null,
  transferId: null,
  requestId: null,
  requestedBy: null,
  ticketNumber: null,
  amount: null,
  ...overrides,
})

const fourEyes = (items: Queue['items']): Queue => ({
  kind: 'four_eyes',
  count: items.length,
  oldestSince: items[0]?.since ?? null,
  items,
})
const myRequest = item({
  id: MY_REQUEST,
  requestId: MY_REQUEST,
  requestedBy: 'alice',
  title: 'Release of a held payment',
  since: hoursAgo(5),
})
const theirRequest = item({
  id: THEIR_REQUEST,
  requestId: THEIR_REQUEST,
  requestedBy: 'bob',
  title: 'Clearing enhanced checks',
  since: hoursAgo(2),
  amount: { value: '1200.00', currency: 'EUR' },
})
const identityReviews: Queue = {
  kind: 'identity_reviews',
  count: 1,
  oldestSince: hoursAgo(3),
  items: [
    item({ id: CUSTOMER_ID, customerId: CUSTOMER_ID, since: hoursAgo(3), detail: 'Name on the document differs' }),
  ],
}

const customerFile = (overrides: Partial<CustomerFile> = {}): CustomerFile => ({
  customer: {
    id: CUSTOMER_ID,
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Silva',
    address: 'Rua 1',
    postal: '1000',
    city: 'Lisboa',
    country: 'PT',
    phone: null,
    language: 'en',
    createdAt: hoursAgo(100),
    emailVerified: true,
    closed: false,
  },
  journey: [{ step: 'identity', state: 'waiting', since: hoursAgo(3) }],
  identityReview: null,
  enhancedChecks: null,
  proofsOfAddress: [],
  documents: [],
  orders: [],
  tickets: [],
  trail: [
    {
      id: 1,
      at: hoursAgo(1),
      operator: 'carol',
      action: 'customer_viewed',
      reason: 'Customer called',
      orderReference: null,
      customerId: CUSTOMER_ID,
      detail: {},
    },
  ],
  ...overrides,
})

const section = async (name: string) => screen.findByRole('region', { name })

describe('the back office (decision 134)', () => {
  it("lists each queue with its count and the age of its oldest; the operator's own four-eyes request has no buttons", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    mockOperatorApi({
      'GET /operator/api/me': { body: me },
      'GET /operator/api/queues': { body: { queues: [fourEyes([myRequest, theirRequest]), identityReviews] } },
    })
    renderBackOffice('/')

    const reviews = await section('Identity reviews')
    expect(within(reviews).getByText('1, oldest 3 h')).toBeInTheDocument()
    expect(within(reviews).getByText('Name on the document differs')).toBeInTheDocument()

    const requests = await section('Waiting for a second operator')
    expect(within(requests).getByText('2, oldest 5 h')).toBeInTheDocument()
    const [mine, theirs] = within(requests).getAllByRole('listitem')
    expect(within(mine!).getByText('Release of a held payment')).toBeInTheDocument()
    expect(within(mine!).getByText('Asked by you: a second operator decides')).toBeInTheDocument()
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument()
    expect(within(theirs!).getByText('2 h')).toBeInTheDocument()
    expect(within(theirs!).getByText('1,200.00 EUR')).toBeInTheDocument()
    expect(within(theirs!).getByRole('button', { name: 'Approve' })).toBeInTheDocument()
    expect(within(theirs!).getByRole('button', { name: 'Decline' })).toBeInTheDocument()
  })

  it("offers a held payment's release and refund until a release is asked, then says it waits for a second operator", async () => {
    const TRANSFER = '9c3e4f50-6172-4c8d-8e9f-1a2b3c4d5e6f'
    const OTHER_TRANSFER = 'ad4f5061-7283-4d9e-9f0a-2b3c4d5e6f70'
    const held = (id: string) => item({ id, transferId: id, title: `payer of ${id.slice(0, 4)}` })
    mockOperatorApi({
      'GET /operator/api/me': { body: me },
      'GET /operator/api/queues': {
        body: {
          queues: [
            fourEyes([item({ ...theirRequest, transferId: TRANSFER })]),
            {
              kind: 'held_payments',
              count: 2,
              oldestSince: hoursAgo(1),
              items: [held(TRANSFER), held(OTHER_TRANSFER)],
            },
          ],
        },
      },
    })
    renderBackOffice('/')
    const payments = await section('Held or short payments')
    const [asked, open] = within(payments).getAllByRole('listitem')
    expect(within(asked!).getByText('Asked already: waiting for a second operator (above)')).toBeInTheDocument()
    expect(within(asked!).queryByRole('button')).not.toBeInTheDocument()
    expect(within(open!).getByRole('button', { name: 'Ask for release' })).toBeInTheDocument()
    expect(within(open!).getByRole('button', { name: 'Refund' })).toBeInTheDocument()
  })

  it('approves a four-eyes request with a reason, then shows the queues again as they now are', async () => {
    let decided = false
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: me },
      'GET /operator/api/queues': () => ({
        body: { queues: [fourEyes(decided ? [myRequest] : [myRequest, theirRequest])] },
      }),
      [`POST /operator/four-eyes/${THEIR_REQUEST}/approve`]: () => {
        decided = true
        return { body: { result: true, action: 'approve_transfer' } }
      },
    })
    renderBackOffice('/')
    const requests = await section('Waiting for a second operator')
    const theirs = within(requests).getAllByRole('listitem')[1]!
    await userEvent.type(within(theirs).getByLabelText('Reason'), 'Payer name checked on the statement')
    await userEvent.click(within(theirs).getByRole('button', { name: 'Approve' }))

    await waitFor(() => expect(within(requests).queryByText('Clearing enhanced checks')).not.toBeInTheDocument())
    // The decided request has left its queue; the page still says what was done.
    expect(screen.getByRole('status')).toHaveTextContent('Approved and done.')
    const [approval] = api.callsTo('POST', `/operator/four-eyes/${THEIR_REQUEST}/approve`)
    expect(approval?.body).toEqual({ reason: 'Payer name checked on the statement' })
    expect(approval?.headers['content-type']).toBe('application/json')
    expect(api.callsTo('GET', '/operator/api/queues')).toHaveLength(2)
    expect(within(requests).getAllByRole('listitem')).toHaveLength(1)
  })

  it("opens a customer's file from a queue with the queue as the reason, without asking", async () => {
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: me },
      'GET /operator/api/queues': { body: { queues: [identityReviews] } },
      [`GET /operator/api/customers/${CUSTOMER_ID}`]: { body: customerFile() },
    })
    renderBackOffice('/')
    await userEvent.click(within(await section('Identity reviews')).getByRole('link', { name: 'Customer' }))

    expect(await screen.findByRole('heading', { name: 'Ana Silva' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Why do you open this file?')).not.toBeInTheDocument()
    expect(api.callsTo('GET', `/operator/api/customers/${CUSTOMER_ID}`)[0]?.search.get('reason')).toBe(
      'Queue: identity reviews',
    )
  })

  it("asks for a reason before opening a customer's file reached without one, then opens it with that reason", async () => {
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: me },
      [`GET /operator/api/customers/${CUSTOMER_ID}`]: { body: customerFile() },
    })
    renderBackOffice(`/customers/${CUSTOMER_ID}`)
    const reason = await screen.findByLabelText('Why do you open this file?')
    await userEvent.type(reason, 'no')
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByText('A reason needs at least 3 characters.')).toBeInTheDocument()
    expect(api.callsTo('GET', `/operator/api/customers/${CUSTOMER_ID}`)).toHaveLength(0)

    await userEvent.type(reason, 't a test: customer called about a payment')
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByRole('heading', { name: 'Ana Silva' })).toBeInTheDocument()
    expect(api.callsTo('GET', `/operator/api/customers/${CUSTOMER_ID}`)[0]?.search.get('reason')).toBe(
      'not a test: customer called about a payment',
    )
    const trail = await section('Trail')
    expect(within(trail).getByRole('cell', { name: 'carol' })).toBeInTheDocument()
    expect(within(trail).getByRole('cell', { name: 'Customer called' })).toBeInTheDocument()
  })

  it("rejects an identity only with a reason, and shows the api's refusal in the server pages' words", async () => {
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: me },
      [`GET /operator/api/customers/${CUSTOMER_ID}`]: {
        body: customerFile({
          identityReview: {
            status: 'review',
            since: hoursAgo(3),
            reasons: ['Name on the document differs'],
            declaredName: 'Ana Silva',
            documentName: 'Ana M. Silva',
          },
        }),
      },
      'POST /operator/actions/reject-identity': {
        status: 409,
        body: { result: false, error: 'identity_not_in_review' },
      },
    })
    renderBackOffice(`/customers/${CUSTOMER_ID}`, { reason: 'Queue: identity reviews' })
    const review = await section('Identity review')
    await userEvent.click(within(review).getByRole('button', { name: 'Reject' }))
    expect(within(review).getByText('A reason needs at least 3 characters.')).toBeInTheDocument()
    expect(api.callsTo('POST', '/operator/actions/reject-identity')).toHaveLength(0)

    await userEvent.type(within(review).getByLabelText('Reason (needed to reject)'), 'Document does not match')
    await userEvent.click(within(review).getByRole('button', { name: 'Reject' }))
    expect(await within(review).findByRole('alert')).toHaveTextContent(REFUSALS.identity_not_in_review!)
    expect(api.callsTo('POST', '/operator/actions/reject-identity')[0]?.body).toEqual({
      customerId: CUSTOMER_ID,
      reason: 'Document does not match',
    })
  })

  it("asks for the release of a held payment from the order's file: a second operator decides", async () => {
    const TRANSFER = '9c3e4f50-6172-4c8d-8e9f-a0b1c2d3e4f5'
    const order: OrderFile = {
      order: {
        reference: 'HX-7Q2K9',
        status: 'awaiting_payment',
        fiatAmount: { value: '1500.00', currency: 'EUR' },
        crypto: 'btc',
        cryptoAmount: null,
        method: 'wire',
        createdAt: hoursAgo(30),
        customerId: CUSTOMER_ID,
        email: 'ana@example.com',
        wallet: null,
        payoutWaitsFor: null,
        payoutHeldUntil: null,
        withdrawalUnconfirmed: false,
      },
      timeline: [{ at: hoursAgo(30), event: 'initiated', detail: null }],
      payments: [
        {
          id: TRANSFER,
          method: 'wire',
          status: 'held',
          amount: { value: '1500.00', currency: 'EUR' },
          payerName: 'A. Silva',
          payerIban: 'PT50000201231234567890154',
          receivedAt: hoursAgo(4),
          held: true,
        },
      ],
      refunds: [],
      payout: null,
      trail: [],
    }
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: me },
      'GET /operator/api/orders/HX-7Q2K9': { body: order },
      'POST /operator/actions/approve-transfer': {
        body: { result: true, requestId: '0d4f5061-7283-4d9e-9fa0-b1c2d3e4f5a6' },
      },
    })
    renderBackOffice('/orders/HX-7Q2K9', { reason: 'Queue: held or short payments' })
    const payments = await section('Payments')
    expect(within(payments).getAllByText('1,500.00 EUR')).not.toHaveLength(0)
    await userEvent.type(within(payments).getByLabelText('Reason'), 'Payer is the customer (married name)')
    await userEvent.click(within(payments).getByRole('button', { name: 'Ask for release' }))
    // The page says what was done above the file it reads again.
    expect(await screen.findByRole('status')).toHaveTextContent(ASKED)
    expect(api.callsTo('POST', '/operator/actions/approve-transfer')[0]?.body).toEqual({
      transferId: TRANSFER,
      reason: 'Payer is the customer (married name)',
    })
    expect(api.callsTo('GET', '/operator/api/orders/HX-7Q2K9')[0]?.search.get('reason')).toBe(
      'Queue: held or short payments',
    )
  })

  it('searches from the header and opens a result only once a reason is given', async () => {
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: me },
      'GET /operator/api/queues': { body: { queues: [] } },
      'GET /operator/api/search': {
        body: {
          customers: [{ id: CUSTOMER_ID, email: 'ana@example.com', name: 'Ana Silva', matched: 'iban' }],
          orders: [],
        },
      },
    })
    renderBackOffice('/')
    await userEvent.type(await screen.findByLabelText('Search'), 'PT50 0002 0123')
    await userEvent.click(screen.getByRole('button', { name: 'Find' }))
    const customers = await section('Customers (1)')
    expect(api.callsTo('GET', '/operator/api/search')[0]?.search.get('q')).toBe('PT50 0002 0123')
    expect(within(customers).getByRole('cell', { name: 'iban' })).toBeInTheDocument()
    await userEvent.click(within(customers).getByRole('link', { name: 'ana@example.com' }))
    expect(await screen.findByLabelText('Why do you open this file?')).toBeInTheDocument()
    expect(api.callsTo('GET', `/operator/api/customers/${CUSTOMER_ID}`)).toHaveLength(0)
  })

  it('sends a signed-out operator to the sign-in page', async () => {
    mockOperatorApi({ 'GET /operator/api/me': { status: 401, body: { result: false, error: 'unauthorized' } } })
    renderBackOffice('/')
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not signed in, or your session has ended.')
    expect(screen.getByRole('link', { name: 'Sign in at /operator/login' })).toHaveAttribute('href', '/operator/login')
  })
})

const finance: OperatorMe = { loginName: 'fred', roles: ['finance'] }
const REFERENCE = 'HX-4M8P2'

const orderFile = (order: Partial<OrderFile['order']> = {}): OrderFile => ({
  order: {
    reference: REFERENCE,
    status: 'paid',
    fiatAmount: { value: '250.00', currency: 'EUR' },
    crypto: 'btc',
    cryptoAmount: '0.00412',
    method: 'wire',
    createdAt: hoursAgo(30),
    customerId: CUSTOMER_ID,
    email: 'ana@example.com',
    wallet: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    payoutWaitsFor: null,
    payoutHeldUntil: null,
    withdrawalUnconfirmed: false,
    ...order,
  },
  timeline: [],
  payments: [],
  refunds: [],
  payout: null,
  trail: [],
})

describe("the back office's other decisions (decision 134)", () => {
  it("asks a second operator to clear enhanced checks from the customer's file, and says so above it", async () => {
    const REQUEST = '1e5a6b7c-8d9e-4f0a-8b1c-2d3e4f5a6b7c'
    let asked = false
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: me },
      [`GET /operator/api/customers/${CUSTOMER_ID}`]: () => ({
        body: customerFile({ enhancedChecks: { since: hoursAgo(6) } }),
      }),
      'POST /operator/actions/approve-enhanced-checks': () => {
        asked = true
        return { body: { result: true, decision: 'approved', requestId: REQUEST } }
      },
    })
    renderBackOffice(`/customers/${CUSTOMER_ID}`, { reason: 'Queue: enhanced checks' })
    const checks = await section('Enhanced checks')
    expect(within(checks).getByRole('button', { name: 'Reject' })).toBeInTheDocument()
    await userEvent.type(within(checks).getByLabelText('Reason'), 'Salary slips seen')
    await userEvent.click(within(checks).getByRole('button', { name: 'Ask to clear' }))

    expect(await screen.findByRole('status')).toHaveTextContent(ASKED)
    expect(asked).toBe(true)
    expect(api.callsTo('POST', '/operator/actions/approve-enhanced-checks')[0]?.body).toEqual({
      customerId: CUSTOMER_ID,
      reason: 'Salary slips seen',
    })
    await waitFor(() => expect(api.callsTo('GET', `/operator/api/customers/${CUSTOMER_ID}`)).toHaveLength(2))
  })

  it('accepts a proof of address with what it shows; the section leaves once none waits', async () => {
    const PROOF = '2f6b7c8d-9e0f-4a1b-9c2d-3e4f5a6b7c8d'
    let decided = false
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: me },
      [`GET /operator/api/customers/${CUSTOMER_ID}`]: () => ({
        body: customerFile({
          proofsOfAddress: decided
            ? []
            : [{ documentId: PROOF, fileName: 'utility-bill.png', since: hoursAgo(2), declaredCountry: 'CH' }],
        }),
      }),
      'POST /operator/actions/accept-proof-of-address': () => {
        decided = true
        return { body: { result: true, decision: 'accepted' } }
      },
    })
    renderBackOffice(`/customers/${CUSTOMER_ID}`, { reason: 'Queue: proofs of address' })
    const proofs = await section('Proofs of address')
    expect(within(proofs).getByRole('link', { name: 'utility-bill.png' })).toHaveAttribute(
      'href',
      `/operator/documents/${PROOF}?reason=${encodeURIComponent('Queue: proofs of address')}`,
    )
    expect(within(proofs).getByText(/declared residence CH/)).toBeInTheDocument()
    await userEvent.type(within(proofs).getByLabelText('What the proof shows'), 'Utility bill, Zürich address')
    await userEvent.click(within(proofs).getByRole('button', { name: 'Accept' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Proof of address accepted.')
    expect(api.callsTo('POST', '/operator/actions/accept-proof-of-address')[0]?.body).toEqual({
      documentId: PROOF,
      reason: 'Utility bill, Zürich address',
    })
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Proofs of address' })).not.toBeInTheDocument())
  })

  it('offers the refund of an order to finance only, and only while it is paid', async () => {
    const open = async (who: OperatorMe, order: Partial<OrderFile['order']>) => {
      mockOperatorApi({
        'GET /operator/api/me': { body: who },
        [`GET /operator/api/orders/${REFERENCE}`]: { body: orderFile(order) },
      })
      const view = renderBackOffice(`/orders/${REFERENCE}`, { reason: 'Queue: refunds' })
      await section('Summary')
      const offered = screen.queryByRole('region', { name: 'Refund the order' }) !== null
      view.unmount()
      return offered
    }
    expect(await open(finance, { status: 'paid' })).toBe(true)
    expect(await open(me, { status: 'paid' })).toBe(false)
    expect(await open(finance, { status: 'completed' })).toBe(false)
  })

  it('refunds a paid order above the limit by asking a second operator', async () => {
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: finance },
      [`GET /operator/api/orders/${REFERENCE}`]: {
        body: orderFile({ fiatAmount: { value: '5000.00', currency: 'EUR' } }),
      },
      'POST /operator/actions/refund-order': {
        body: { result: true, requestId: '3a7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e' },
      },
    })
    renderBackOffice(`/orders/${REFERENCE}`, { reason: 'Queue: refunds' })
    const refund = await section('Refund the order')
    await userEvent.type(within(refund).getByLabelText('Reason (e-mailed to the customer)'), 'Customer asked')
    await userEvent.click(within(refund).getByRole('button', { name: 'Refund the order' }))
    expect(await screen.findByRole('status')).toHaveTextContent(ASKED)
    expect(api.callsTo('POST', '/operator/actions/refund-order')[0]?.body).toEqual({
      orderReference: REFERENCE,
      reason: 'Customer asked',
    })
  })

  it("records an unconfirmed withdrawal as found only with a transaction id of the api's form", async () => {
    let refused = false
    const api = mockOperatorApi({
      'GET /operator/api/me': { body: finance },
      [`GET /operator/api/orders/${REFERENCE}`]: {
        body: orderFile({ status: 'processing', withdrawalUnconfirmed: true }),
      },
      'POST /operator/actions/record-delivery': () => {
        if (!refused) {
          refused = true
          return { status: 409, body: { result: false, error: 'transition_not_allowed' } }
        }
        return { body: { result: true, statusName: 'completed' } }
      },
    })
    renderBackOffice(`/orders/${REFERENCE}`, { reason: 'Queue: withdrawals to check' })
    const check = await section('Withdrawal to check')
    expect(screen.queryByRole('region', { name: 'Refund the order' })).not.toBeInTheDocument()
    const txId = within(check).getByLabelText('Transaction id at the exchange')
    await userEvent.type(txId, 'bad id with spaces')
    await userEvent.click(within(check).getByRole('button', { name: 'Found: record it' }))
    expect(
      within(check).getByText('A transaction id is 8 to 200 letters, digits or the signs _ : . -'),
    ).toBeInTheDocument()
    await userEvent.clear(txId)
    await userEvent.type(txId, 'short')
    await userEvent.click(within(check).getByRole('button', { name: 'Found: record it' }))
    expect(api.callsTo('POST', '/operator/actions/record-delivery')).toHaveLength(0)

    await userEvent.clear(txId)
    await userEvent.type(txId, '  FTQcuak-V6Za8qrWnhzTx67yYHz8Tg ')
    await userEvent.click(within(check).getByRole('button', { name: 'Found: record it' }))
    // The api's refusal reads as the server pages say it.
    expect(await within(check).findByRole('alert')).toHaveTextContent(REFUSALS.transition_not_allowed!)
    await userEvent.click(within(check).getByRole('button', { name: 'Found: record it' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Delivery recorded: the order is complete.')
    expect(api.callsTo('POST', '/operator/actions/record-delivery').map((call) => call.body)).toEqual([
      { orderReference: REFERENCE, txId: 'FTQcuak-V6Za8qrWnhzTx67yYHz8Tg' },
      { orderReference: REFERENCE, txId: 'FTQcuak-V6Za8qrWnhzTx67yYHz8Tg' },
    ])
    expect(api.callsTo('POST', '/operator/actions/retry-withdrawal')).toHaveLength(0)
  })
})
