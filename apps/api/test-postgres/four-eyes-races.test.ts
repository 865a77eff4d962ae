import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import { fourEyesRequests, operatorActions } from '../src/db/tables/modules/operator'
import { orders } from '../src/db/tables/modules/orders'
import { refunds } from '../src/db/tables/modules/refunds'
import {
  type OperatorSession,
  type TestApp,
  buildTestApp,
  declareSourceOfFunds,
  mailTo,
  operatorPost,
  operatorSession,
  signAgreement,
  signUpVerified,
  storedOrder,
  wireOrderPaid,
} from '../test/support'

const SECRET = 'test-bank-webhook-secret-0123456789'
const ENV = {
  JWT_SECRET: 'four-eyes-races-secret-0123456789-abcdef',
  BANK_WEBHOOK_SECRET: SECRET,
  FOUR_EYES_REFUND_ABOVE: '100',
}
const ROUNDS = 3

/** Two api processes on one PostgreSQL database, each with its own connection pool. */
let one: TestApp
let two: TestApp
let asker: OperatorSession
let approvers: OperatorSession[]
beforeAll(async () => {
  one = await buildTestApp({ env: ENV })
  two = await buildTestApp({ env: ENV, sameDatabaseAs: one, clock: one.clock })
  asker = await operatorSession(one, ['compliance', 'finance'])
  approvers = [
    await operatorSession(one, ['compliance', 'finance']),
    await operatorSession(one, ['finance', 'compliance']),
  ]
})
afterAll(async () => {
  await two.close()
  await one.close()
})

/** The same request approved by two operators at once, one through each process. */
function approveTwiceAtOnce(requestId: string) {
  return Promise.all([
    operatorPost(one, `/operator/four-eyes/${requestId}/approve`, { reason: 'first' }, approvers[0]!.headers),
    operatorPost(two, `/operator/four-eyes/${requestId}/approve`, { reason: 'second' }, approvers[1]!.headers),
  ])
}

describe('four-eyes approvals under two at once (decision 132)', () => {
  it('two approvals of a refund at once, in two processes, refund once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await one.app.jobs.refreshRates()
      const customer = await signUpVerified(one)
      await declareSourceOfFunds(one, customer.token)
      await signAgreement(one, customer.token)
      const { reference } = await wireOrderPaid(one, SECRET, 'Ada Lovelace', customer, { arrivesAnyway: true })
      const asked = await operatorPost(
        one,
        '/operator/actions/refund-order',
        { orderReference: reference, reason: 'Customer asked' },
        asker.headers,
      )
      const { requestId } = asked.json() as { requestId: string }

      const answers = (await approveTwiceAtOnce(requestId)).map((answer) => answer.json())
      expect(answers).toContainEqual({ result: true, action: 'refund_order' })
      expect(answers).toContainEqual({ result: false, error: 'four_eyes_decided' })

      expect((await storedOrder(one, reference)).status).toBe('refunded')
      const [order] = await one.db.select().from(orders).where(eq(orders.reference, reference))
      expect(await one.db.select().from(refunds).where(eq(refunds.orderId, order!.id))).toHaveLength(1)
      const refunded = (await mailTo(one.db, customer.email)).filter((mail) => mail.template === 'order_refunded')
      expect(refunded).toHaveLength(1)
      const approvals = await one.db
        .select()
        .from(operatorActions)
        .where(eq(operatorActions.action, 'four_eyes_approved'))
      expect(approvals.filter((action) => action.detail?.requestId === requestId)).toHaveLength(1)
    }
  })

  it('two approvals of a held payment at once, in two processes, release it once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await one.app.jobs.refreshRates()
      const { customer, reference } = await wireOrderPaid(one, SECRET, 'Charles Babbage')
      const [order] = await one.db.select().from(orders).where(eq(orders.reference, reference))
      const [transfer] = await one.db.select().from(incomingTransfers).where(eq(incomingTransfers.orderId, order!.id))
      const asked = await operatorPost(
        one,
        '/operator/actions/approve-transfer',
        { transferId: transfer!.id, reason: 'Payer is her husband' },
        asker.headers,
      )
      const { requestId } = asked.json() as { requestId: string }

      const answers = (await approveTwiceAtOnce(requestId)).map((answer) => answer.json())
      expect(answers).toContainEqual({ result: true, action: 'approve_transfer' })
      expect(answers).toContainEqual({ result: false, error: 'four_eyes_decided' })

      expect((await storedOrder(one, reference)).status).toBe('completed')
      const completed = (await mailTo(one.db, customer.email)).filter((mail) => mail.template === 'order_completed')
      expect(completed).toHaveLength(1)
      const [request] = await one.db.select().from(fourEyesRequests).where(eq(fourEyesRequests.id, requestId))
      expect(request?.status).toBe('approved')
      expect(approvers.map((approver) => approver.id)).toContain(request?.decidedBy)
    }
  })
})
