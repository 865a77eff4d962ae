import {
  GetSourceOfFundsAnswer,
  SaveAnswersAnswer,
  type SourceOfFundsAnswers,
} from '@exchange/shared/due-diligence.schemas'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** `getSourceOfFunds`: the latest answers (or null) and the questions as they are asked now (decision 037). */
function getSourceOfFunds(brandName: string) {
  return postUser('getSourceOfFunds', { brandName }, GetSourceOfFundsAnswer)
}

export function sourceOfFundsQueryOptions(brandName: string) {
  return queryOptions({ queryKey: ['sourceOfFunds', brandName], queryFn: () => getSourceOfFunds(brandName) })
}

export function useSourceOfFunds(brandName: string) {
  return useQuery(sourceOfFundsQueryOptions(brandName))
}

/** `saveSourceOfFunds`: stores the answers as a new record; the earlier ones stay as they were. */
function saveSourceOfFunds(request: { brandName: string; answers: SourceOfFundsAnswers }) {
  return postUser('saveSourceOfFunds', request, SaveAnswersAnswer)
}

export function useSaveSourceOfFunds() {
  return useMutation({ mutationFn: saveSourceOfFunds })
}
