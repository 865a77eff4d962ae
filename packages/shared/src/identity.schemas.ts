import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import { BrandName } from './validators'

/**
 * Where a customer's identity check stands. `none`: never started; `started`: a link was issued and nothing sent
 * yet; `pending`: documents sent, the provider is checking; `review`: a person at the provider (or ours) looks at
 * it; `resubmission_requested`: something must be sent again (e.g. a blurred photo); `approved`; `rejected` (final).
 */
export const STORED_IDENTITY_STATUSES = [
  'started',
  'pending',
  'review',
  'resubmission_requested',
  'approved',
  'rejected',
] as const
export const IDENTITY_CHECK_STATUSES = ['none', ...STORED_IDENTITY_STATUSES] as const
export const IdentityCheckStatus = z.enum(IDENTITY_CHECK_STATUSES)
export type IdentityCheckStatus = z.infer<typeof IdentityCheckStatus>

export const IdentityStartRequest = z.object({ brandName: BrandName })
export const IdentityStartAnswer = answerOf(
  successAnswer({
    data: z.object({
      /** The provider's hosted verification page; the browser goes there and comes back to /dashboard-returnauth. */
      verificationUrl: z.string(),
      status: IdentityCheckStatus,
      /** True for the sandbox provider: the screens say it is a test environment. */
      sandbox: z.boolean(),
    }),
  }),
)
export type IdentityStartAnswer = z.infer<typeof IdentityStartAnswer>

export const IdentityStatusRequest = z.object({ brandName: BrandName })
export const IdentityStatusAnswer = answerOf(
  successAnswer({
    data: z.object({
      status: IdentityCheckStatus,
      /** The provider's words for the customer (what to send again, or why it failed); null when none. */
      message: z.string().nullable(),
      updatedAt: z.string().nullable(),
    }),
  }),
)
export type IdentityStatusAnswer = z.infer<typeof IdentityStatusAnswer>
