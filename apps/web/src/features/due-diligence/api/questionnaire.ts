import {
  GetQuestionnaireAnswer,
  SaveAnswersAnswer,
  type QuestionnaireAnswers,
} from '@exchange/shared/due-diligence.schemas'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** `getQuestionnaire`: the latest answers, where the review stands, and the questions as asked now (decision 037). */
function getQuestionnaire(brandName: string) {
  return postUser('getQuestionnaire', { brandName }, GetQuestionnaireAnswer)
}

export function questionnaireQueryOptions(brandName: string) {
  return queryOptions({ queryKey: ['questionnaire', brandName], queryFn: () => getQuestionnaire(brandName) })
}

export function useQuestionnaire(brandName: string) {
  return useQuery(questionnaireQueryOptions(brandName))
}

/** `saveQuestionnaire`: stores the answers as a new record, which waits for a person at the exchange. */
function saveQuestionnaire(request: { brandName: string; answers: QuestionnaireAnswers }) {
  return postUser('saveQuestionnaire', request, SaveAnswersAnswer)
}

export function useSaveQuestionnaire() {
  return useMutation({ mutationFn: saveQuestionnaire })
}
