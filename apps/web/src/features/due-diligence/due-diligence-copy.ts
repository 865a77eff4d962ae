import type {
  EMPLOYMENT_STATUSES,
  FUNDS_ORIGINS,
  INCOME_BANDS,
  RELATIONSHIP_PURPOSES,
  WEALTH_SOURCES,
  YEARLY_VOLUME_BANDS,
} from '@exchange/shared/due-diligence.schemas'
import type { ErrorCode } from '@exchange/shared/errors'
import { ERROR_COPY } from '@exchange/shared/error-copy'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { z } from 'zod'

type Labels<T extends readonly string[]> = Record<T[number], string>

/** The answers of the closed questions as the customer reads them. Amounts in the currency they pay with. */
export const EMPLOYMENT_LABELS: Labels<typeof EMPLOYMENT_STATUSES> = {
  employed: 'Employed',
  self_employed: 'Self-employed',
  business_owner: 'Business owner',
  retired: 'Retired',
  student: 'Student',
  not_working: 'Not working',
}

export const INCOME_LABELS: Labels<typeof INCOME_BANDS> = {
  under_25k: 'Under 25,000',
  '25k_50k': '25,000 to 50,000',
  '50k_100k': '50,000 to 100,000',
  '100k_250k': '100,000 to 250,000',
  over_250k: 'Over 250,000',
}

export const ORIGIN_LABELS: Labels<typeof FUNDS_ORIGINS> = {
  salary: 'Salary or wages',
  savings: 'Savings',
  business_income: 'Income from my business',
  investments: 'Investments (shares, funds, interest)',
  sale_of_property: 'Sale of a property or other assets',
  inheritance_or_gift: 'Inheritance or gift',
  pension: 'Pension',
  crypto_gains: 'Gains from crypto',
  other: 'Something else',
}

export const PURPOSE_LABELS: Labels<typeof RELATIONSHIP_PURPOSES> = {
  investment: 'Investing for the long term',
  savings: 'Saving',
  payments: 'Paying for goods or services',
  trading: 'Trading',
  other: 'Something else',
}

export const VOLUME_LABELS: Labels<typeof YEARLY_VOLUME_BANDS> = {
  under_1k: 'Under 1,000',
  '1k_10k': '1,000 to 10,000',
  '10k_50k': '10,000 to 50,000',
  '50k_100k': '50,000 to 100,000',
  over_100k: 'Over 100,000',
}

export const WEALTH_LABELS: Labels<typeof WEALTH_SOURCES> = {
  employment: 'Work: salary and savings from it',
  business: 'A business I own or owned',
  investments: 'Investments',
  inheritance: 'Inheritance or gifts',
  property: 'Property',
  crypto: 'Crypto',
  other: 'Something else',
}

export function optionsOf<T extends string>(labels: Record<T, string>) {
  return (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }))
}

/** A question's text: as the api asks it now, else as the shared schema has it (they are the same version). */
export function questionText<K extends string>(
  asked: Record<string, string> | undefined,
  fallback: Record<K, string>,
  key: K,
): string {
  return asked?.[key] ?? fallback[key]
}

/** Field messages of a schema's first issue per field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '')
    if (key && !errors[key]) errors[key] = issue.message
  }
  return errors
}

export function dueDiligenceAlertCopy(error: ErrorCode): string {
  return ERROR_COPY[error] ?? ALERT_MESSAGES.somethingWentWrong
}

/** How long a review takes, said the same way on every screen. */
export const REVIEW_DURATION = 'A person at our team reviews them, usually within one working day.'
