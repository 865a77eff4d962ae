import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { sandboxCheckouts } from '../../db/tables/providers/psp'
import { eq } from 'drizzle-orm'
import { readSandboxNotice } from '../signed-notice'
import type { CardPspProvider, PspEvent } from './card-psp.provider'

export const SANDBOX_PSP_SIGNATURE_HEADER = 'x-psp-signature'

/** Documented test cards of the sandbox checkout page. */
export const SANDBOX_TEST_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  threeDSecure: '4000000000003220',
  insufficientFunds: '4000000000009995',
} as const

const SandboxPspEvent = z.object({
  id: z.string().min(1),
  type: z.enum(['checkout.session.completed', 'checkout.session.failed']),
  data: z.object({ sessionId: z.string().min(1), failureReason: z.string().optional() }),
})

/**
 * Test environment of the card PSP: sessions live in the sandbox's own table, the hosted page is served under
 * /sandbox/psp/, and results reach the api as signed notifications, like a real PSP's webhooks.
 */
export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect

export interface SandboxPsp extends CardPspProvider {
  /** The sandbox's own side: its hosted page reads and settles its checkouts. */
  findCheckout(id: string): Promise<SandboxCheckout | undefined>
  setCheckoutStatus(id: string, status: SandboxCheckout['status'], failureReason?: string): Promise<void>
}

export function createSandboxPsp(deps: { db: Database; clock: Clock; key: Buffer }): SandboxPsp {
  return {
    async findCheckout(id) {
      const [checkout] = await deps.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id))
      return checkout
    },
    async setCheckoutStatus(id, status, failureReason) {
      await deps.db
        .update(sandboxCheckouts)
        .set({ status, failureReason: failureReason ?? null })
        .where(eq(sandboxCheckouts.id, id))
    },
    kind: 'sandbox',
    sandbox: true,
    async createCheckout(request) {
      const sessionId = `cs_test_${randomBytes(12).toString('hex')}`
      await deps.db.insert(sandboxCheckouts).values({
        id: sessionId,
        orderReference: request.orderReference,
        amount: request.amount,
        currency: request.currency,
        customerEmail: request.customerEmail,
        returnUrl: request.returnUrl.replace('{SESSION_ID}', sessionId),
        status: 'open',
        createdAt: deps.clock.now(),
      })
      return { sessionId, checkoutUrl: `/sandbox/psp/checkout?session=${sessionId}` }
    },
    async lookupPayment(sessionId) {
      const [checkout] = await deps.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId))
      if (!checkout) throw new Error(`sandbox PSP has no checkout ${sessionId}`)
      if (checkout.status === 'succeeded') return { outcome: 'succeeded' }
      if (checkout.status === 'failed')
        return { outcome: 'failed', failureReason: checkout.failureReason ?? 'The card payment did not go through.' }
      return { outcome: 'pending' }
    },
    async verifyNotification(incoming): Promise<PspEvent | undefined> {
      const event = readSandboxNotice(SandboxPspEvent, deps.key, incoming, SANDBOX_PSP_SIGNATURE_HEADER)
      if (!event) return undefined
      return {
        eventId: event.id,
        sessionId: event.data.sessionId,
        outcome: event.type === 'checkout.session.completed' ? 'succeeded' : 'failed',
        ...(event.data.failureReason && { failureReason: event.data.failureReason }),
      }
    },
  }
}
