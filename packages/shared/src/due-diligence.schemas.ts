import { z } from 'zod'
import { OkAnswer, answerOf, successAnswer } from './answer'
import { BrandName } from './validators'

/**
 * Source of funds (`sof`) and the enhanced-checks questionnaire (`quest`), decision 037. Each stored answer keeps the
 * version of the question texts it answered: a text changes only together with its version, so an auditor reads
 * exactly what the customer was asked.
 */

/** The declaration of `uk-regulation.md` section 4, word for word, and the warning that goes with it. */
export const BENEFICIAL_OWNER_DECLARATION = 'I am the beneficial owner of the assets'
export const FALSE_DECLARATION_WARNING = 'A false declaration is a criminal offence.'

export const EMPLOYMENT_STATUSES = [
  'employed',
  'self_employed',
  'business_owner',
  'retired',
  'student',
  'not_working',
] as const
export const INCOME_BANDS = ['under_25k', '25k_50k', '50k_100k', '100k_250k', 'over_250k'] as const
export const FUNDS_ORIGINS = [
  'salary',
  'savings',
  'business_income',
  'investments',
  'sale_of_property',
  'inheritance_or_gift',
  'pension',
  'crypto_gains',
  'other',
] as const
export const RELATIONSHIP_PURPOSES = ['investment', 'savings', 'payments', 'trading', 'other'] as const
export const YEARLY_VOLUME_BANDS = ['under_1k', '1k_10k', '10k_50k', '50k_100k', 'over_100k'] as const
export const WEALTH_SOURCES = [
  'employment',
  'business',
  'investments',
  'inheritance',
  'property',
  'crypto',
  'other',
] as const

/** The questions of `sof` as the customer reads them. Change a text only with a new version. */
export const SOURCE_OF_FUNDS_QUESTIONS = {
  version: 'sof-2025-01',
  beneficialOwner: `${BENEFICIAL_OWNER_DECLARATION}. ${FALSE_DECLARATION_WARNING}`,
  employmentStatus: 'What is your employment status?',
  occupation: 'What is your occupation (job title and industry)?',
  incomeBand: 'What is your yearly income before tax (in the currency you pay with)?',
  fundsOrigin: 'Where does the money you will use come from?',
  fundsOriginDetails: 'Please describe where the money comes from.',
  purpose: 'What do you mainly want to use our service for?',
  purposeDetails: 'Please describe the purpose.',
  expectedYearlyVolume: 'How much do you expect to buy with us in a year?',
  politicallyExposed:
    'Are you, a member of your family or a close associate a politically exposed person (a prominent public function, now or in the last 12 months)?',
  highRiskCountryTies:
    'Do you live in, work in, or send or receive money from a country on the FATF list of high-risk or monitored jurisdictions?',
} as const

/** The questions of `quest`, the enhanced checks. Change a text only with a new version. */
export const QUESTIONNAIRE_QUESTIONS = {
  version: 'quest-2025-01',
  politicallyExposed: SOURCE_OF_FUNDS_QUESTIONS.politicallyExposed,
  pepDetails: 'Who holds the public function, which function, in which country and since when?',
  highRiskCountryTies: SOURCE_OF_FUNDS_QUESTIONS.highRiskCountryTies,
  highRiskCountries: 'Which countries?',
  highRiskDetails: 'What ties do you have with these countries?',
  sourceOfWealth: 'How did you build your overall wealth?',
  sourceOfWealthDetails: 'Please describe how, with amounts and dates where you can.',
} as const

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} needs at least ${min} characters`)
    .max(max, `${label} is too long (at most ${max} characters)`)
    // Control characters have no place in an answer an auditor reads.
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, `${label} contains invisible or control characters`)

const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `Please choose ${label}` })

const yesNo = (label: string) => z.boolean({ error: `Please answer ${label}` })

const optionalText = (label: string, max: number) => text(label, 1, max).optional()

/** Answers of `sof`. */
export const SourceOfFundsAnswers = z
  .object({
    beneficialOwner: z.literal(true, { error: 'Please confirm that you are the beneficial owner of the assets' }),
    employmentStatus: oneOf(EMPLOYMENT_STATUSES, 'your employment status'),
    occupation: text('Occupation', 2, 100),
    incomeBand: oneOf(INCOME_BANDS, 'your yearly income'),
    fundsOrigin: oneOf(FUNDS_ORIGINS, 'where the money comes from'),
    fundsOriginDetails: optionalText('Description of where the money comes from', 500),
    purpose: oneOf(RELATIONSHIP_PURPOSES, 'a purpose'),
    purposeDetails: optionalText('Description of the purpose', 500),
    expectedYearlyVolume: oneOf(YEARLY_VOLUME_BANDS, 'an expected yearly amount'),
    politicallyExposed: yesNo('whether you are a politically exposed person'),
    highRiskCountryTies: yesNo('whether you have ties with a high-risk country'),
  })
  .superRefine((answers, context) => {
    if (answers.fundsOrigin === 'other' && !answers.fundsOriginDetails)
      context.addIssue({
        code: 'custom',
        path: ['fundsOriginDetails'],
        message: 'Please describe where the money comes from',
      })
    if (answers.purpose === 'other' && !answers.purposeDetails)
      context.addIssue({ code: 'custom', path: ['purposeDetails'], message: 'Please describe the purpose' })
  })
export type SourceOfFundsAnswers = z.infer<typeof SourceOfFundsAnswers>

const CountryCode = z
  .string({ error: 'Please name the countries' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Countries are two-letter ISO codes, e.g. CH')

/** Answers of `quest`. */
export const QuestionnaireAnswers = z
  .object({
    politicallyExposed: yesNo('whether you are a politically exposed person'),
    pepDetails: optionalText('Details of the public function', 500),
    highRiskCountryTies: yesNo('whether you have ties with a high-risk country'),
    highRiskCountries: z.array(CountryCode).max(20, 'At most 20 countries').optional(),
    highRiskDetails: optionalText('Details of the ties', 500),
    sourceOfWealth: oneOf(WEALTH_SOURCES, 'how you built your wealth'),
    sourceOfWealthDetails: text('Description of how you built your wealth', 10, 1000),
  })
  .superRefine((answers, context) => {
    if (answers.politicallyExposed && !answers.pepDetails)
      context.addIssue({
        code: 'custom',
        path: ['pepDetails'],
        message: 'Please say who holds the public function, which one and where',
      })
    if (answers.highRiskCountryTies && !answers.highRiskCountries?.length)
      context.addIssue({ code: 'custom', path: ['highRiskCountries'], message: 'Please name the countries' })
    if (answers.highRiskCountryTies && !answers.highRiskDetails)
      context.addIssue({ code: 'custom', path: ['highRiskDetails'], message: 'Please describe the ties' })
  })
export type QuestionnaireAnswers = z.infer<typeof QuestionnaireAnswers>

export const SaveSourceOfFundsRequest = z.object({ brandName: BrandName, answers: SourceOfFundsAnswers })
export const SaveQuestionnaireRequest = z.object({ brandName: BrandName, answers: QuestionnaireAnswers })
export const SaveAnswersAnswer = answerOf(OkAnswer)

/** Where the enhanced checks stand: nothing answered, waiting for a person, or decided. */
export const ENHANCED_CHECK_STATUSES = ['not_answered', 'in_review', 'approved', 'rejected'] as const
export const EnhancedCheckStatus = z.enum(ENHANCED_CHECK_STATUSES)
export type EnhancedCheckStatus = z.infer<typeof EnhancedCheckStatus>

export const GetAnswersRequest = z.object({ brandName: BrandName })
export const GetSourceOfFundsAnswer = answerOf(
  successAnswer({
    data: z.object({
      /** The latest answers, or null when none were given. */
      answers: SourceOfFundsAnswers.nullable(),
      questionsVersion: z.string().nullable(),
      answeredAt: z.string().nullable(),
      /** The questions as they are asked now. */
      questions: z.record(z.string(), z.string()),
    }),
  }),
)
export const GetQuestionnaireAnswer = answerOf(
  successAnswer({
    data: z.object({
      answers: QuestionnaireAnswers.nullable(),
      questionsVersion: z.string().nullable(),
      answeredAt: z.string().nullable(),
      status: EnhancedCheckStatus,
      questions: z.record(z.string(), z.string()),
    }),
  }),
)
