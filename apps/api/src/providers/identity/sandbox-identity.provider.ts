import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { sandboxIdvApplicants } from '../../db/schema'
import { verifyNoticeSignature } from '../signed-notice'
import type { IdentityNotice, IdentityProvider } from './identity.provider'

export const SANDBOX_IDV_SIGNATURE_HEADER = 'x-idv-signature'

/** The outcomes a tester can pick on the sandbox page, with the words a real provider would send. */
export const SANDBOX_IDV_OUTCOMES = ['approved', 'rejected', 'resubmission_requested', 'review'] as const
export type SandboxIdvOutcome = (typeof SANDBOX_IDV_OUTCOMES)[number]

export const SANDBOX_REJECTION_REASONS = {
  FORGERY: 'The document appears to have been altered.',
  SELFIE_MISMATCH: 'The selfie does not match the photo on the document.',
  REGULATIONS_VIOLATIONS: 'We cannot accept customers from this country.',
} as const
export const SANDBOX_RESUBMISSION_REASONS = {
  BAD_PROOF_OF_IDENTITY: 'The document photo is blurred. Please take a sharp photo in good light.',
  DOCUMENT_PAGE_MISSING: 'A page of the document is missing. Please send both sides.',
  BAD_SELFIE: 'Your face is not fully visible in the selfie. Please take it again.',
} as const

export const SandboxIdvNotice = z.object({
  id: z.string().min(1),
  type: z.literal('applicant.reviewed'),
  createdAt: z.iso.datetime(),
  data: z.object({
    applicantId: z.string().min(1),
    externalUserId: z.string().min(1),
    outcome: z.enum(SANDBOX_IDV_OUTCOMES),
    reasons: z.array(z.string()),
    message: z.string().optional(),
  }),
})
export type SandboxIdvNotice = z.infer<typeof SandboxIdvNotice>

export type SandboxIdvApplicant = typeof sandboxIdvApplicants.$inferSelect

export interface SandboxIdentityProvider extends IdentityProvider {
  /** The sandbox's own side: its hosted page reads its applicants and records the outcome picked. */
  findApplicant(id: string): Promise<SandboxIdvApplicant | undefined>
  recordOutcome(id: string, outcome: SandboxIdvOutcome): Promise<void>
}

/**
 * Test environment of identity verification: applicants live in the sandbox's own table, the hosted page is served
 * under /sandbox/idv/, and the outcome reaches the api only as a signed notice, like a real provider's webhook.
 */
export function createSandboxIdentityProvider(deps: {
  db: Database
  clock: Clock
  key: Buffer
}): SandboxIdentityProvider {
  return {
    kind: 'sandbox',
    sandbox: true,
    async findApplicant(id) {
      const [applicant] = await deps.db.select().from(sandboxIdvApplicants).where(eq(sandboxIdvApplicants.id, id))
      return applicant
    },
    async recordOutcome(id, outcome) {
      await deps.db.update(sandboxIdvApplicants).set({ lastOutcome: outcome }).where(eq(sandboxIdvApplicants.id, id))
    },
    async startVerification(request) {
      // Like a real provider: one applicant per external user id, whatever the number of links asked for.
      await deps.db
        .insert(sandboxIdvApplicants)
        .values({
          id: `sbx_applicant_${randomBytes(10).toString('hex')}`,
          externalUserId: request.externalUserId,
          email: request.email,
          returnUrl: request.returnPath,
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing({ target: sandboxIdvApplicants.externalUserId })
      const [applicant] = await deps.db
        .select()
        .from(sandboxIdvApplicants)
        .where(eq(sandboxIdvApplicants.externalUserId, request.externalUserId))
      if (!applicant) throw new Error('sandbox applicant vanished')
      return { applicantId: applicant.id, verificationUrl: `/sandbox/idv/verify?applicant=${applicant.id}` }
    },
    async verifyNotification({ rawBody, headers, nowSeconds }): Promise<IdentityNotice | undefined> {
      if (!verifyNoticeSignature(deps.key, rawBody, headers[SANDBOX_IDV_SIGNATURE_HEADER], nowSeconds)) return undefined
      let parsed
      try {
        parsed = SandboxIdvNotice.safeParse(JSON.parse(rawBody))
      } catch {
        return undefined
      }
      if (!parsed.success) return undefined
      const notice = parsed.data
      return {
        noticeKey: `sandbox:${notice.id}`,
        applicantId: notice.data.applicantId,
        externalUserId: notice.data.externalUserId,
        outcome: notice.data.outcome,
        reasons: notice.data.reasons,
        customerMessage: notice.data.message,
        occurredAt: new Date(notice.createdAt),
      }
    },
  }
}
