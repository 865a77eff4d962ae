import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { sandboxConsents } from '../../db/tables/providers/open-banking'
import type { PspEvent } from '../psp/card-psp.provider'
import { readSandboxNotice } from '../signed-notice'
import type { OpenBankingProvider } from './open-banking.provider'

export type SandboxConsent = typeof sandboxConsents.$inferSelect

export const SANDBOX_OPEN_BANKING_SIGNATURE_HEADER = 'x-open-banking-signature'

export interface SandboxOpenBanking extends OpenBankingProvider {
  findConsent(id: string): Promise<SandboxConsent | undefined>
  setConsentStatus(id: string, status: SandboxConsent['status'], failureReason?: string): Promise<void>
}

const Notice = z.object({
  id: z.string().min(1),
  type: z.enum(['payment.executed', 'payment.cancelled']),
  data: z.object({ consentId: z.string().min(1), failureReason: z.string().optional() }),
})

/** Test environment of pay-by-bank: consents in its own table, a consent page under /sandbox/bank/, signed notices. */
export function createSandboxOpenBanking(deps: { db: Database; clock: Clock; key: Buffer }): SandboxOpenBanking {
  return {
    kind: 'sandbox',
    sandbox: true,
    async createConsent(request) {
      const consentId = `cons_test_${randomBytes(12).toString('hex')}`
      await deps.db.insert(sandboxConsents).values({
        id: consentId,
        orderReference: request.orderReference,
        amount: request.amount,
        currency: request.currency,
        bankId: request.bankId,
        payerName: request.payerName,
        returnUrl: request.returnUrl.replace('{SESSION_ID}', consentId),
        status: 'open',
        createdAt: deps.clock.now(),
      })
      return { consentId, authUrl: `/sandbox/bank/consent?consent=${consentId}` }
    },
    async verifyNotification(incoming): Promise<PspEvent | undefined> {
      const read = readSandboxNotice(Notice, deps.key, incoming, SANDBOX_OPEN_BANKING_SIGNATURE_HEADER)
      if (!read) return undefined
      const { id, type, data } = read
      return {
        eventId: id,
        sessionId: data.consentId,
        outcome: type === 'payment.executed' ? 'succeeded' : 'failed',
        ...(data.failureReason && { failureReason: data.failureReason }),
      }
    },
    async lookupPayment(consentId) {
      const [consent] = await deps.db.select().from(sandboxConsents).where(eq(sandboxConsents.id, consentId))
      if (!consent) throw new Error(`sandbox pay-by-bank has no consent ${consentId}`)
      if (consent.status === 'executed') return { outcome: 'succeeded' }
      if (consent.status === 'cancelled')
        return { outcome: 'failed', failureReason: consent.failureReason ?? 'Your bank did not complete the payment.' }
      return { outcome: 'pending' }
    },
    async findConsent(id) {
      const [consent] = await deps.db.select().from(sandboxConsents).where(eq(sandboxConsents.id, id))
      return consent
    },
    async setConsentStatus(id, status, failureReason) {
      await deps.db
        .update(sandboxConsents)
        .set({ status, failureReason: failureReason ?? null })
        .where(eq(sandboxConsents.id, id))
    },
  }
}
