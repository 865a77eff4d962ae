import type { UkAssessmentArea, UkAssessmentTopic, UkAssetType } from '@exchange/shared/uk-steps.schemas'
import type { AssessmentSet } from './assessment-question'
import { SET_A, SET_B, SET_C } from './assessment-sets'

/**
 * The appropriateness assessment of `prquest` (uk-regulation.md section 3, COBS 10 Annex 4G), kept in the api alone:
 * the web receives the questions and options, never which option is right. Every set asks one question on each topic,
 * and no question appears in two sets, so a retake asks different questions. A text changes only with a new version;
 * each attempt stores the version, the set and every question as asked.
 */

/** The broad area each topic belongs to: a failed attempt names areas, never questions (no per-answer feedback). */
export const AREA_OF_TOPIC: Record<UkAssessmentTopic, UkAssessmentArea> = {
  total_loss: 'losing_money',
  volatility: 'losing_money',
  selling: 'losing_money',
  diversification: 'losing_money',
  rights_and_ownership: 'protection',
  firm_failure: 'protection',
  no_fscs_or_fos: 'protection',
  firm_role: 'how_it_works',
  complexity: 'how_it_works',
  operational_and_crime: 'how_it_works',
}

/** Every asset the exchange sells is a cryptoasset; a new asset type would get question sets of its own. */
export const UK_ASSESSMENTS: Record<
  UkAssetType,
  { version: string; passMark: number; sets: readonly AssessmentSet[] }
> = {
  cryptoasset: { version: 'ukq-2025-01', passMark: 8, sets: [SET_A, SET_B, SET_C] },
}
