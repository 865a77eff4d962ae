import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import { Language, LanguageChoice } from './language.schemas'
import { DEFAULT_LANGUAGE } from './languages'
import { OrderReference } from './orders.schemas'
import { BrandName } from './validators'

/** Where the customer's latest signing request stands at the e-signature provider. */
export const SIGNING_STATUSES = ['sent', 'signed', 'declined'] as const
export const SigningStatus = z.enum(SIGNING_STATUSES)
export type SigningStatus = z.infer<typeof SigningStatus>

/** The full name the signer signs with, when the customer's details have none yet. */
export const SignerName = z
  .string()
  .trim()
  .min(3, 'Please enter your full name')
  .max(100, 'Please enter at most 100 characters')
  .refine((name) => /\S+\s+\S+/.test(name), 'Please enter your first and last name')

/**
 * `startDocusign` (spec section 7): starts (or resumes) the signature of the agreement in force and answers the
 * provider's signing page. `orderReference` names the order the customer is about to place, if one is open (the
 * agreement then covers it); `signerName` is asked only when the customer's details have no name yet.
 */
export const StartDocusignRequest = z.object({
  brandName: BrandName,
  orderReference: OrderReference.optional(),
  signerName: SignerName.optional(),
  /**
   * The language of the text the customer read and signs (decision 131): each language's text is its own version.
   * Without it, the English text.
   */
  language: LanguageChoice.optional(),
})
export const StartDocusignAnswer = answerOf(
  successAnswer({
    data: z.object({
      /** The provider's signing page; the browser goes there and comes back to /dashboard-returnagr. */
      signingUrl: z.string(),
      /** The agreement version being signed: its language's version of the edition in force. */
      version: z.string(),
      /** The language of the version being signed. */
      language: Language.optional(),
      /** True for the sandbox provider: the screens say it is a test environment. */
      sandbox: z.boolean(),
    }),
  }),
)
export type StartDocusignAnswer = z.infer<typeof StartDocusignAnswer>

/** One signed agreement, as the customer's account lists it. */
export const SignedAgreementView = z.object({
  id: z.uuid(),
  version: z.string(),
  /** The language signed (decision 131); records from before it are English. */
  language: Language.default(DEFAULT_LANGUAGE),
  signedAt: z.string(),
  signerName: z.string(),
  fileName: z.string(),
  mediaType: z.string(),
  /** True for the version in force (in any of its languages). */
  current: z.boolean(),
})
export type SignedAgreementView = z.infer<typeof SignedAgreementView>

/** `language`: the language whose version of the agreement in force the answer names (English without it). */
export const AgreementStatusRequest = z.object({ brandName: BrandName, language: LanguageChoice.optional() })
export const AgreementStatusAnswer = answerOf(
  successAnswer({
    data: z.object({
      /** The version in force, in the language asked for (its id names the language: `2026-11-1-de`). */
      version: z.string(),
      /** Whether the customer has signed the version in force, in any language (the journey step is then done). */
      signed: z.boolean(),
      /** The latest signing request for the version in force, as the provider's signed notices left it. */
      latest: z.object({ status: SigningStatus, updatedAt: z.string() }).nullable(),
      /** Every agreement the customer signed, newest first. */
      records: z.array(SignedAgreementView),
    }),
  }),
)
export type AgreementStatusAnswer = z.infer<typeof AgreementStatusAnswer>

export const DownloadAgreementQuery = z.object({ id: z.uuid() })
