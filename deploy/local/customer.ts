// A simulated customer of the chaos run, through the proxy only: sign-up, the e-mailed code (read from the dev outbox's
// table), the journey's steps, a wire order and the bank partner's notice of its payment. Every call that is answered
// 503 with Retry-After is made again after that many seconds, with the same Idempotency-Key, as a client should
// (decision 092); any other unexpected answer is an error the customer saw, and ends the customer's journey.
import { randomBytes, randomUUID } from 'node:crypto'
import { Agent, request } from 'node:https'
import type pg from 'pg'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@exchange/shared/constants'
import { PAID_STATUSES } from '@exchange/shared/order-rules'
import { BANK_SIGNATURE_HEADER } from '../../apps/api/src/providers/bank/bank-notification'
import { signNotice } from '../../apps/api/src/providers/signed-notice'
import { ADA_DETAILS, COMPANY, SOURCE_OF_FUNDS } from '../../apps/api/test/support/customer-fixtures'
import { TEST_WALLET_KEY, bitcoinAddressOfKey } from '../../apps/api/test/support/wallets'
import { sandboxSignature } from '../../bench/sandbox-signature'
import { CHAOS_BANK_SECRET } from './chaos-settings'

const BRAND = 'Helvex'
const PASSWORD = 'a chaos-run password'
const WALLET = bitcoinAddressOfKey(TEST_WALLET_KEY)
/** A call still answered "try again" after this long is an error: the service did not come back. */
const RETRY_LIMIT_MS = 120_000
/** The longest Retry-After honoured; the api asks 15 s while its database is out of reach. */
const MAX_RETRY_AFTER_SECONDS = 30
/** How long a customer waits for what the app does in the background (the code's mail, the signed agreement). */
const WAIT_LIMIT_MS = 120_000
const POLL_MS = 200

class CustomerError extends Error {}

/** What the customers met, for the report. */
export interface CustomerTally {
  /** Answers a customer saw that were neither the expected one nor a 503 with Retry-After (then retried). */
  errors: string[]
  /** 503 answers with Retry-After, per call, each followed by a retry. */
  retried: Map<string, number>
  /** Calls that were answered as expected after one or more retries. */
  recoveredCalls: number
  /** Retries answered with the first request's kept answer (Idempotent-Replayed): the first had taken effect. */
  replayedCalls: number
  /** The orders `orderInitiateBuy` answered to customers: every order stored must be one of them. */
  answeredOrders: string[]
  /** The bank partner's notices the api acknowledged (2xx): each must have paid its order exactly once. */
  acknowledgedPayments: { reference: string; transferId: string }[]
}

export function emptyTally(): CustomerTally {
  return {
    errors: [],
    retried: new Map(),
    recoveredCalls: 0,
    replayedCalls: 0,
    answeredOrders: [],
    acknowledgedPayments: [],
  }
}

interface Answer {
  status: number
  retryAfter: string | undefined
  replayed: boolean
  body: { result?: boolean; error?: string; data?: Record<string, unknown> }
  text: string
}

function send(
  agent: Agent,
  url: URL,
  body: string,
  headers: Record<string, string>,
): Promise<Omit<Answer, 'body'> & { contentType: string }> {
  return new Promise((resolve, reject) => {
    const call = request(url, {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
    })
    call.once('error', reject)
    call.once('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.once('error', reject)
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          replayed: response.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()] === 'true',
          contentType: response.headers['content-type'] ?? '',
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    call.end(body)
  })
}

/** One customer's connection: a source address of its own (127.x.y.z, as nginx sees it), its session. */
function customerClient(baseUrl: string, ca: Buffer, address: string, tally: CustomerTally) {
  const agent = new Agent({ keepAlive: true, ca, localAddress: address, maxSockets: 2 })
  let token: string | undefined

  async function call(name: string, path: string, body: string, headers: Record<string, string>, expected: number) {
    const started = Date.now()
    for (let tries = 1; ; tries += 1) {
      const raw = await send(agent, new URL(path, baseUrl), body, headers).catch((error: unknown) => {
        throw new CustomerError(`${name}: no answer (${error instanceof Error ? error.message : String(error)})`)
      })
      const answer: Answer = { ...raw, body: raw.contentType.includes('json') ? safeJson(raw.text) : {} }
      if (answer.status === 503 && answer.retryAfter !== undefined && Date.now() - started < RETRY_LIMIT_MS) {
        tally.retried.set(name, (tally.retried.get(name) ?? 0) + 1)
        const seconds = Math.min(Number(answer.retryAfter) || 1, MAX_RETRY_AFTER_SECONDS)
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
        continue
      }
      if (answer.status !== expected || answer.body.result === false)
        throw new CustomerError(
          `${name}: ${answer.status}${answer.status === 503 && !answer.retryAfter ? ' without Retry-After' : ''} ${answer.text.slice(0, 160)}`,
        )
      if (tries > 1) tally.recoveredCalls += 1
      if (answer.replayed) tally.replayedCalls += 1
      return answer
    }
  }

  return {
    // One key per call the customer makes, the same on each of its retries; the calls that do not take it ignore it.
    api: (name: string, scope: 'public' | 'user', payload: object = {}) =>
      call(
        name,
        `/v1/${scope}/${name}`,
        JSON.stringify({ brandName: BRAND, ...payload }),
        {
          'content-type': 'application/json',
          [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
          ...(token && { authorization: `Bearer ${token}` }),
        },
        200,
      ),
    form: (name: string, path: string, fields: Record<string, string>) =>
      call(
        name,
        path,
        new URLSearchParams(fields).toString(),
        { 'content-type': 'application/x-www-form-urlencoded', ...(token && { authorization: `Bearer ${token}` }) },
        303,
      ),
    /** The bank partner's notice: a party of its own, which retries as the customer's client does. */
    notice: (name: string, path: string, body: string, headers: Record<string, string>) =>
      call(name, path, body, { 'content-type': 'application/json', ...headers }, 200),
    signIn(answer: Answer) {
      token = answer.body.data?.token as string
    },
    close: () => agent.destroy(),
  }
}

function safeJson(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body']
  } catch {
    return {}
  }
}

async function waitFor<T>(name: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_LIMIT_MS
  for (;;) {
    const found = await probe()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new CustomerError(`${name}: nothing after ${WAIT_LIMIT_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** The n-th customer's address: 127.0.0.0/8 is this machine's, so each customer can call from its own. */
function customerAddress(n: number): string {
  return `127.${1 + Math.floor(n / 62500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`
}

/** One customer from sign-up to a paid order, as the web makes the calls; throws at the first error it sees. */
export async function customerJourney(
  baseUrl: string,
  ca: Buffer,
  db: pg.Pool,
  n: number,
  tally: CustomerTally,
  progress: { signedUp: () => void },
) {
  const email = `chaos.${n}.${randomBytes(4).toString('hex')}@example.com`
  const client = customerClient(baseUrl, ca, customerAddress(n), tally)
  const { api } = client
  try {
    await api('homesignup', 'public', { email, password: PASSWORD, token: 'DIRECT', companyDetails: COMPANY })
    progress.signedUp()
    // The code as a person reads it: the newest message to them in the dev outbox.
    const code = await waitFor('the e-mailed code', async () => {
      const { rows } = await db.query<{ text: string }>(
        'SELECT text FROM dev_outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1',
        [email],
      )
      return rows[0]?.text.match(/^\s*(\d{5})\s*$/m)?.[1]
    })
    client.signIn(await api('verifycode', 'public', { email, code }))

    const journey = await api('journeyStatus', 'user')
    if ((journey.body.data?.blocked as { start_order: string | null }).start_order === 'source_of_funds')
      await api('saveSourceOfFunds', 'user', { answers: SOURCE_OF_FUNDS })
    await api('saveClientDetails', 'user', ADA_DETAILS)
    const signerName = `${ADA_DETAILS.firstName} ${ADA_DETAILS.lastName}`
    const started = await api('startDocusign', 'user', { signerName })
    const signing = sandboxSignature(started.body.data?.signingUrl as string, signerName)
    await client.form('sandbox esign: sign', signing.path, signing.fields)
    await waitFor('the signed agreement', async () => {
      const status = await api('journeyStatus', 'user')
      const step = (status.body.data?.blocked as { start_order: string | null }).start_order
      if (step !== null && step !== 'agreement') throw new CustomerError(`journeyStatus: ${step} still holds an order`)
      return step === null ? true : undefined
    })

    await api('getHpRates', 'public')
    const order = await api('orderInitiateBuy', 'user', { amount: '250', assetId: 'btc_eur', wallet: WALLET })
    const reference = order.body.data?.reference as string
    tally.answeredOrders.push(reference)
    await api('orderBuyGetMethods', 'user', { orderReference: reference })
    const wire = await api('orderSubmitWire', 'user', { orderReference: reference, tlId: 'sandbox-bank-1' })

    // The bank partner's signed notice of the customer's transfer; a retry carries the same event and transfer.
    const transferId = `trf_${randomBytes(8).toString('hex')}`
    const body = JSON.stringify({
      eventId: `evt_${randomBytes(6).toString('hex')}`,
      type: 'transfer.received',
      data: {
        transferId,
        amount: '250.00',
        currency: 'eur',
        payerName: signerName,
        payerIban: 'CH9300762011623852957',
        paymentReference: reference,
        creditedIban: wire.body.data?.iban,
        receivedAt: new Date().toISOString(),
      },
    })
    const signature = signNotice(Buffer.from(CHAOS_BANK_SECRET), body, Math.floor(Date.now() / 1000))
    await client.notice('bank notice', '/v1/webhooks/bank-partner', body, { [BANK_SIGNATURE_HEADER]: signature })
    tally.acknowledgedPayments.push({ reference, transferId })

    const detail = await api('getOrderDetail', 'user', { orderReference: reference })
    const status = (detail.body.data?.order as { statusName: string }).statusName
    if (!(PAID_STATUSES as readonly string[]).includes(status))
      throw new CustomerError(`getOrderDetail: order ${reference} is ${status} after its payment`)
  } catch (error) {
    tally.errors.push(`customer ${n}: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    client.close()
  }
}
