import {
  GetSourceOfFundsAnswer,
  SaveAnswersAnswer,
  type SourceOfFundsAnswers,
} from '@exchange/shared/due-diligence.schemas'
import { useMutation, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

export const SOURCE_OF_FUNDS_QUERY_KEY = 'sourceOfFunds'

/** `getSourceOfFunds`: the latest answers (or null) and the questions as they are asked now (decision 037). */
export function getSourceOfFunds(brandName: string) {
  return postUser('getSourceOfFunds', { brandName }, GetSourceOfFundsAnswer)
}

export function useSourceOfFunds(brandName: string) {
  return useQuery({ queryKey: [SOURCE_OF_FUNDS_QUERY_KEY, brandName], queryFn: () => getSourceOfFunds(brandName) })
}

/** `saveSourceOfFunds`: stores the answers as a new record; the earlier ones stay as they were. */
export function saveSourceOfFunds(request: { brandName: string; answers: SourceOfFundsAnswers }) {
  return postUser('saveSourceOfFunds', request, SaveAnswersAnswer)
}

export function useSaveSourceOfFunds() {
  return useMutation({ mutationFn: saveSourceOfFunds })
}
