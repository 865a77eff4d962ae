import type { FailureAnswer } from '@exchange/shared/answer'
import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { AnswerCheck } from './api-client'

/**
 * Plain checks of the answers the account screens receive, in place of the shared schemas: the first page loads no
 * schema library (decision 051). Each lets through only what the schema of the same call would.
 */
type Fields = Record<string, unknown>

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isText = (value: unknown): value is string => typeof value === 'string'
const isFilledText = (value: unknown): value is string => isText(value) && value.length > 0
const optional = (value: unknown, test: (value: unknown) => boolean) => value === undefined || test(value)
const isSeconds = (value: unknown) => Number.isInteger(value) && (value as number) >= 0
const isHexColour = (value: unknown) => isText(value) && /^#[0-9a-fA-F]{6}$/.test(value)
const isUrl = (value: unknown) => isText(value) && URL.canParse(value)

function isFailure(answer: Fields): boolean {
  return (
    answer.result === false &&
    isFilledText(answer.error) &&
    optional(answer.retryAfterSeconds, isSeconds) &&
    optional(answer.step, isText) &&
    optional(answer.fields, isObject)
  )
}

/** A call's answer: its success as `isSuccess` says (given an object with `result: true`), or the failure shape. */
function answerCheck<Success extends { result: true }>(
  isSuccess: (answer: Fields) => boolean,
): AnswerCheck<Success | FailureAnswer> {
  return {
    safeParse(value) {
      if (isObject(value) && (value.result === true ? isSuccess(value) : isFailure(value))) {
        return { success: true, data: value as unknown as Success | FailureAnswer }
      }
      return { success: false, error: new TypeError('Not an answer of the contract') }
    },
  }
}

const hasToken = (answer: Fields) => isObject(answer.data) && isFilledText(answer.data.token)
const nextCodeIn = (answer: Fields) => optional(answer.retryAfterSeconds, isSeconds)

export const okCheck = answerCheck<{ result: true }>(() => true)

/** The login's second step (decision 124): its ticket and the factors to offer. */
type SecondFactorStep = { result: true; secondFactor: { ticket: string; methods: ('totp' | 'passkey')[] } }
const hasStep = (answer: Fields) => isObject(answer.secondFactor)

export const loginCheck = answerCheck<
  | { result: true; code: true; retryAfterSeconds?: number }
  | { result: true; code?: false; data: { token: string } }
  | SecondFactorStep
>((answer) =>
  answer.code === true
    ? nextCodeIn(answer)
    : hasStep(answer) || (optional(answer.code, (code) => code === false) && hasToken(answer)),
)

export const tokenCheck = answerCheck<{ result: true; data: { token: string } }>(hasToken)

/** `verifycode`: a token, or the second step when two-factor sign-in is on. */
export const verifiedCheck = answerCheck<{ result: true; data: { token: string } } | SecondFactorStep>(
  (answer) => hasStep(answer) || hasToken(answer),
)

export const nextCodeCheck = answerCheck<{ result: true; retryAfterSeconds?: number }>(nextCodeIn)

export const ukStatusCheck = answerCheck<{ result: true; data: { isUk: boolean } }>(
  (answer) => isObject(answer.data) && typeof answer.data.isUk === 'boolean',
)

function isBrandConfig(brand: unknown): boolean {
  if (!isObject(brand)) return false
  const { logo, dashboardTheme, company } = brand
  return (
    isFilledText(brand.brandName) &&
    isObject(logo) &&
    ((logo.kind === 'image' && isFilledText(logo.src)) || (logo.kind === 'svg' && isFilledText(logo.svg))) &&
    typeof brand.showLogo === 'boolean' &&
    isText(brand.tagline) &&
    isHexColour(brand.brandColor) &&
    isObject(dashboardTheme) &&
    (dashboardTheme.colorScheme === 'dark' || dashboardTheme.colorScheme === 'light') &&
    isHexColour(dashboardTheme.primaryColor) &&
    isObject(company) &&
    isFilledText(company.name) &&
    isFilledText(company.address) &&
    isFilledText(company.supportEmail) &&
    isUrl(brand.termsUrl) &&
    isUrl(brand.privacyUrl) &&
    isUrl(brand.marketingUrl) &&
    isText(brand.ukCheckMode) &&
    Number.isInteger(brand.cookieLifetimeHours) &&
    (brand.cookieLifetimeHours as number) > 0
  )
}

export const brandCheck = answerCheck<{ result: true; data: BrandConfig }>((answer) => isBrandConfig(answer.data))
