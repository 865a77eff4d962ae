import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { sandboxIdvApplicants } from '../../db/tables/providers/identity'
import { readSandboxNotice } from '../signed-notice'
import type { IdentityNotice, IdentityProvider, PersonName } from './identity.provider'

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
  /** Records the outcome picked and, for a document that was read (approved or left for review), the name on it. */
  recordOutcome(id: string, outcome: SandboxIdvOutcome, documentName: PersonName | null): Promise<void>
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
    async recordOutcome(id, outcome, documentName) {
      await deps.db
        .update(sandboxIdvApplicants)
        .set({
          lastOutcome: outcome,
          documentFirstName: documentName?.firstName ?? null,
          documentLastName: documentName?.lastName ?? null,
        })
        .where(eq(sandboxIdvApplicants.id, id))
    },
    async documentNameOf(applicantId) {
      const [applicant] = await deps.db
        .select({ firstName: sandboxIdvApplicants.documentFirstName, lastName: sandboxIdvApplicants.documentLastName })
        .from(sandboxIdvApplicants)
        .where(eq(sandboxIdvApplicants.id, applicantId))
      return applicant?.firstName && applicant.lastName
        ? { firstName: applicant.firstName, lastName: applicant.lastName }
        : null
    },
    async startVerification(request) {
      // Like a real provider: one applicant per external user id, whatever the number of links asked for; its declared
      // name is the latest one given (a real provider's "fixed info", changed before a new attempt), and each link
      // sends the customer back where that link's request said (a partner's visit or the dashboard).
      const declared = {
        declaredFirstName: request.declaredName?.firstName ?? null,
        declaredLastName: request.declaredName?.lastName ?? null,
      }
      await deps.db
        .insert(sandboxIdvApplicants)
        .values({
          id: `sbx_applicant_${randomBytes(10).toString('hex')}`,
          externalUserId: request.externalUserId,
          email: request.email,
          returnUrl: request.returnPath,
          ...declared,
          createdAt: deps.clock.now(),
        })
        .onConflictDoUpdate({
          target: sandboxIdvApplicants.externalUserId,
          set: { ...declared, returnUrl: request.returnPath },
        })
      const [applicant] = await deps.db
        .select()
        .from(sandboxIdvApplicants)
        .where(eq(sandboxIdvApplicants.externalUserId, request.externalUserId))
      if (!applicant) throw new Error('sandbox applicant vanished')
      return { applicantId: applicant.id, verificationUrl: `/sandbox/idv/verify?applicant=${applicant.id}` }
    },
    async verifyNotification(incoming): Promise<IdentityNotice | undefined> {
      const notice = readSandboxNotice(SandboxIdvNotice, deps.key, incoming, SANDBOX_IDV_SIGNATURE_HEADER)
      if (!notice) return undefined
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
