import {
  GetQuestionnaireAnswer,
  SaveAnswersAnswer,
  type QuestionnaireAnswers,
} from '@exchange/shared/due-diligence.schemas'
import { useMutation, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

export const QUESTIONNAIRE_QUERY_KEY = 'questionnaire'

/** `getQuestionnaire`: the latest answers, where the review stands, and the questions as asked now (decision 037). */
export function getQuestionnaire(brandName: string) {
  return postUser('getQuestionnaire', { brandName }, GetQuestionnaireAnswer)
}

export function useQuestionnaire(brandName: string) {
  return useQuery({ queryKey: [QUESTIONNAIRE_QUERY_KEY, brandName], queryFn: () => getQuestionnaire(brandName) })
}

/** `saveQuestionnaire`: stores the answers as a new record, which waits for a person at the exchange. */
export function saveQuestionnaire(request: { brandName: string; answers: QuestionnaireAnswers }) {
  return postUser('saveQuestionnaire', request, SaveAnswersAnswer)
}

export function useSaveQuestionnaire() {
  return useMutation({ mutationFn: saveQuestionnaire })
}
