import type { UkAssessmentTopic } from '@exchange/shared/uk-steps.schemas'

/** One question of the appropriateness assessment, as the api keeps it (the web never sees `correct`). */
interface AssessmentOption {
  id: string
  text: string
}

interface AssessmentQuestion {
  id: string
  topic: UkAssessmentTopic
  text: string
  options: readonly AssessmentOption[]
  /** The id of the right option: never leaves the api. */
  correct: string
}

export interface AssessmentSet {
  id: string
  questions: readonly AssessmentQuestion[]
}

/** A question with four options a to d, one of them right. */
export const q = (
  id: string,
  topic: UkAssessmentTopic,
  text: string,
  options: [string, string, string, string],
  correct: 'a' | 'b' | 'c' | 'd',
): AssessmentQuestion => ({
  id,
  topic,
  text,
  options: options.map((option, index) => ({ id: 'abcd'[index] ?? '', text: option })),
  correct,
})
