import {
  EMPLOYMENT_STATUSES,
  FUNDS_ORIGINS,
  INCOME_BANDS,
  RELATIONSHIP_PURPOSES,
  WEALTH_SOURCES,
  YEARLY_VOLUME_BANDS,
} from '@exchange/shared/due-diligence.schemas'
import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { z } from 'zod'
import { alertCopyFor } from '../../lib/dashboard-alert-copy'
import { dueDiligenceCatalog, type DueDiligenceId } from './messages'

/** The closed questions' answers, each group named as its keys in the catalog (`dueDiligence.<group>.<value>`). */
const CHOICES = {
  employment: EMPLOYMENT_STATUSES,
  income: INCOME_BANDS,
  origin: FUNDS_ORIGINS,
  purpose: RELATIONSHIP_PURPOSES,
  volume: YEARLY_VOLUME_BANDS,
  wealth: WEALTH_SOURCES,
} as const
export type ChoiceGroup = keyof typeof CHOICES

/** The answers of a closed question as the customer reads them, in their language. Amounts in the currency they pay with. */
export function optionsOf(group: ChoiceGroup) {
  return CHOICES[group].map((value) => ({
    value,
    label: dueDiligenceCatalog.t(`dueDiligence.${group}.${value}` as DueDiligenceId),
  }))
}

/**
 * A question's text: as the api asks it now, else as the shared schema has it (they are the same version). The shared
 * English is shown in the customer's language; a question the api words otherwise is shown as the api asks it.
 */
export function questionText<K extends string>(
  asked: Record<string, string> | undefined,
  shared: Record<K, string>,
  key: K,
): string {
  const text = asked?.[key] ?? shared[key]
  return text === shared[key] ? dueDiligenceCatalog.t(`dueDiligence.question.${key}` as DueDiligenceId) : text
}

/** The shared schemas' messages (and the forms' own) by their English, to say them in the customer's language. */
export const RULE_KEYS: Readonly<Record<string, DueDiligenceId>> = {
  'Please confirm that you are the beneficial owner of the assets': 'dueDiligence.rule.beneficialOwner',
  'Please choose your employment status': 'dueDiligence.rule.employmentStatus',
  'Please choose your yearly income': 'dueDiligence.rule.incomeBand',
  'Please choose where the money comes from': 'dueDiligence.rule.fundsOrigin',
  'Please choose a purpose': 'dueDiligence.rule.purpose',
  'Please choose an expected yearly amount': 'dueDiligence.rule.expectedYearlyVolume',
  'Please answer whether you are a politically exposed person': 'dueDiligence.rule.politicallyExposed',
  'Please answer whether you have ties with a high-risk country': 'dueDiligence.rule.highRiskCountryTies',
  'Please choose how you built your wealth': 'dueDiligence.rule.sourceOfWealth',
  'Please describe where the money comes from': 'dueDiligence.rule.fundsOriginDetails',
  'Please describe the purpose': 'dueDiligence.rule.purposeDetails',
  'Please say who holds the public function, which one and where': 'dueDiligence.rule.pepDetails',
  'Please name the countries': 'dueDiligence.rule.highRiskCountries',
  'Please describe the ties': 'dueDiligence.rule.highRiskDetails',
  'At most 20 countries': 'dueDiligence.rule.tooManyCountries',
  'Please enter your occupation': 'dueDiligence.rule.occupation',
  'Occupation needs at least 2 characters': 'dueDiligence.rule.occupationShort',
  'Please describe how you built your wealth': 'dueDiligence.rule.sourceOfWealthDetails',
  'Description of how you built your wealth needs at least 10 characters': 'dueDiligence.rule.sourceOfWealthShort',
}

/** A rule's message in the customer's language; one without a translation (a length limit) is shown as it is. */
export function ruleCopy(message: string): string {
  const key = RULE_KEYS[message]
  return key ? dueDiligenceCatalog.t(key) : message
}

/** Field messages of a schema's first issue per field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '')
    if (key && !errors[key]) errors[key] = ruleCopy(issue.message)
  }
  return errors
}

export function dueDiligenceAlertCopy(error: ErrorCode): string {
  return alertCopyFor({ error }, ALERT_MESSAGES.somethingWentWrong)
}
