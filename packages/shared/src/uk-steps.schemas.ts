import { z } from 'zod'
import { OkAnswer, answerOf, successAnswer } from './answer'
import { UK_INVESTOR_CATEGORIES } from './uk-regulation'
import { BrandName } from './validators'

/**
 * The UK steps before the first purchase (uk-regulation.md section 3, decision 041): the personalised risk warning
 * (`prk`), categorisation (`prst`), the appropriateness assessment (`prquest`) and the 24-hour cooling-off. Every
 * answer names the version of the text it answered; the api refuses an answer to a text it no longer shows.
 */

/** What a pass is recorded for: every asset sold today is a cryptoasset. */
export const UK_ASSET_TYPES = ['cryptoasset'] as const
export const UkAssetType = z.enum(UK_ASSET_TYPES)
export type UkAssetType = z.infer<typeof UkAssetType>

/** The topics of COBS 10 Annex 4G the assessment covers; every question set asks one question on each. */
export const UK_ASSESSMENT_TOPICS = [
  'firm_role',
  'rights_and_ownership',
  'total_loss',
  'complexity',
  'volatility',
  'operational_and_crime',
  'firm_failure',
  'selling',
  'no_fscs_or_fos',
  'diversification',
] as const
export type UkAssessmentTopic = (typeof UK_ASSESSMENT_TOPICS)[number]

/** The broad reasons a failed attempt gives: areas of several topics, never a question or an answer. */
export const UK_ASSESSMENT_AREAS = {
  losing_money:
    'The risk of losing money: how much you could lose, how quickly prices move, selling when you want, and spreading your investments.',
  protection:
    'Your protection: who owns and controls your cryptoassets, what happens if a firm fails, and the FSCS and the Financial Ombudsman Service.',
  how_it_works:
    'How this service and cryptoassets work: what we do and do not do, why cryptoassets are complex, and risks such as cyber-attacks, lost keys and fraud.',
} as const
export type UkAssessmentArea = keyof typeof UK_ASSESSMENT_AREAS

/** Hours a customer waits after the second failed assessment, and after every later one. */
export const UK_ASSESSMENT_LOCK_HOURS = 24
/** Hours after a statement that did not qualify before a new statement may be made (no steering, decision 041). */
export const UK_CATEGORISATION_PAUSE_HOURS = 24

const TextVersion = z.string({ error: 'The text version is required' }).trim().min(1).max(40)
const Choice = z.enum(['continue', 'leave'], { error: 'Please choose Continue or Leave' })
const yesNo = (label: string) => z.boolean({ error: `Please answer ${label}` })

export const UkStepsStatusRequest = z.object({ brandName: BrandName })

export const UkRiskDecisionRequest = z.object({
  brandName: BrandName,
  textVersion: TextVersion,
  choice: Choice,
  /** Whether the customer opened the risk summary from the warning's link. */
  summaryOpened: z.boolean({ error: 'Say whether the risk summary was opened' }),
})
export type UkRiskDecisionRequest = z.infer<typeof UkRiskDecisionRequest>

export const UkCoolingOffDecisionRequest = z.object({
  brandName: BrandName,
  textVersion: TextVersion,
  choice: Choice,
})
export type UkCoolingOffDecisionRequest = z.infer<typeof UkCoolingOffDecisionRequest>

const FirmName = z
  .string({ error: 'The name of the certifying firm is required' })
  .trim()
  .min(2, 'The name of the certifying firm is required')
  .max(120, 'The firm name is too long (at most 120 characters)')
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'The firm name contains invisible or control characters')

const IsoDate = z
  .string({ error: 'The certificate date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The certificate date is a date like 2025-03-31')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  }, 'The certificate date is not a real date')

/** One statement, by category: its own questions, nothing answered for the customer (no defaults). */
export const UkStatement = z.discriminatedUnion(
  'category',
  [
    z.object({
      category: z.literal('restricted'),
      investedUnderTenPercent: yesNo('question A'),
      willLimitToTenPercent: yesNo('question B'),
    }),
    z.object({
      category: z.literal('high_net_worth'),
      incomeOver100k: yesNo('question A'),
      netAssetsOver250k: yesNo('question B'),
    }),
    z
      .object({
        category: z.literal('certified_sophisticated'),
        certified: yesNo('whether you hold a certificate'),
        firmName: FirmName.optional(),
        certificateDate: IsoDate.optional(),
      })
      .superRefine((statement, context) => {
        if (!statement.certified) return
        if (!statement.firmName)
          context.addIssue({
            code: 'custom',
            path: ['firmName'],
            message: 'The name of the certifying firm is required',
          })
        if (!statement.certificateDate)
          context.addIssue({ code: 'custom', path: ['certificateDate'], message: 'The certificate date is required' })
      }),
  ],
  { error: `Please choose one of: ${UK_INVESTOR_CATEGORIES.join(', ')}` },
)
export type UkStatement = z.infer<typeof UkStatement>

export const UkCategoriseRequest = z.object({
  brandName: BrandName,
  textVersion: TextVersion,
  statement: UkStatement,
  /** The customer's full name typed as their signature. */
  signature: z
    .string({ error: 'Please type your full name to sign' })
    .trim()
    .min(1, 'Please type your full name to sign')
    .max(130, 'The signature is too long'),
})
export type UkCategoriseRequest = z.infer<typeof UkCategoriseRequest>

export const UkQuestionSetRequest = z.object({ brandName: BrandName, assetType: UkAssetType.default('cryptoasset') })

const QuestionId = z.string().trim().min(1).max(20)

export const UkAnswerQuestionsRequest = z.object({
  brandName: BrandName,
  assetType: UkAssetType.default('cryptoasset'),
  version: TextVersion,
  setId: z.string({ error: 'The question set is required' }).trim().min(1).max(20),
  answers: z
    .array(z.object({ questionId: QuestionId, optionId: z.string().trim().min(1).max(20) }), {
      error: 'The answers are required',
    })
    .min(1, 'The answers are required')
    .max(50, 'Too many answers'),
})
export type UkAnswerQuestionsRequest = z.infer<typeof UkAnswerQuestionsRequest>

/** Where one UK step stands for the customer: done, to do, or waiting for a time the api names. */
export const UkStepState = z.enum(['done', 'required', 'waiting'])
export type UkStepState = z.infer<typeof UkStepState>

const Instant = z.string()

export const UkStepsStatus = z.object({
  /** Whether the UK steps are asked of this customer (brand's UK mode, residence, visitor country: decision 040). */
  isUk: z.boolean(),
  /** The full name the personalised warning and the signature use; null until the customer gives their details. */
  fullName: z.string().nullable(),
  riskWarning: z.object({
    state: UkStepState,
    textVersion: z.string(),
    lastChoice: Choice.nullable(),
    decidedAt: Instant.nullable(),
  }),
  categorisation: z.object({
    state: UkStepState,
    textVersion: z.string(),
    /** The newest statement that qualified, while it is valid. */
    category: z.enum(UK_INVESTOR_CATEGORIES).nullable(),
    validUntil: Instant.nullable(),
    /** After a statement that did not qualify: when a new statement may be made. */
    newStatementFrom: Instant.nullable(),
  }),
  appropriateness: z.object({
    state: UkStepState,
    assetType: UkAssetType,
    attempts: z.number().int().nonnegative(),
    passedAt: Instant.nullable(),
    lockedUntil: Instant.nullable(),
  }),
  coolingOff: z.object({
    state: UkStepState,
    textVersion: z.string(),
    /** When the customer first asked to buy; null until then. */
    startedAt: Instant.nullable(),
    endsAt: Instant.nullable(),
    lastChoice: Choice.nullable(),
  }),
})
export type UkStepsStatus = z.infer<typeof UkStepsStatus>

export const UkStepsStatusAnswer = answerOf(successAnswer({ data: UkStepsStatus }))
export const UkDecisionAnswer = answerOf(OkAnswer)

export const UkCategoriseAnswer = answerOf(
  successAnswer({
    data: z.object({
      qualified: z.boolean(),
      category: z.enum(UK_INVESTOR_CATEGORIES),
      validUntil: Instant.nullable(),
      newStatementFrom: Instant.nullable(),
    }),
  }),
)

export const UkQuestion = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
})

export const UkQuestionSetAnswer = answerOf(
  successAnswer({
    data: z.object({
      assetType: UkAssetType,
      version: z.string(),
      setId: z.string(),
      /** The number this attempt will have. */
      attempt: z.number().int().positive(),
      passMark: z.number().int().positive(),
      questions: z.array(UkQuestion),
    }),
  }),
)

export const UkAnswerQuestionsAnswer = answerOf(
  successAnswer({
    data: z.object({
      passed: z.boolean(),
      score: z.number().int().nonnegative(),
      total: z.number().int().positive(),
      attempt: z.number().int().positive(),
      /** Broad areas to read up on after a fail; empty after a pass. Never which answer was wrong. */
      reasons: z.array(z.object({ area: z.enum(['losing_money', 'protection', 'how_it_works']), text: z.string() })),
      /** After the second fail and every later one: no new attempt before this time. */
      lockedUntil: Instant.nullable(),
    }),
  }),
)
