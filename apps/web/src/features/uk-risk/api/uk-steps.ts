import {
  UkAnswerQuestionsAnswer,
  UkCategoriseAnswer,
  UkDecisionAnswer,
  UkQuestionSetAnswer,
  UkStepsStatusAnswer,
  type UkAnswerQuestionsRequest,
  type UkCategoriseRequest,
  type UkCoolingOffDecisionRequest,
  type UkRiskDecisionRequest,
} from '@exchange/shared/uk-steps.schemas'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { postUser } from '../../../lib/api-client'

/** Query key of `ukStepsStatus`; invalidated after every UK answer (the journey is asked afresh on leaving the step). */
const UK_STEPS_QUERY_KEY = 'ukStepsStatus'

/** The UK steps' answers of every brand: what a change of the customer's country of residence makes stale. */
export function ukStepsQueryKey() {
  return [UK_STEPS_QUERY_KEY]
}

/** `ukStepsStatus`: whether the UK steps are asked, the full name, and each step's state, times and text version. */
function getUkStepsStatus(brandName: string) {
  return postUser('ukStepsStatus', { brandName }, UkStepsStatusAnswer)
}

function ukStepsQueryOptions(brandName: string) {
  return queryOptions({ queryKey: [UK_STEPS_QUERY_KEY, brandName], queryFn: () => getUkStepsStatus(brandName) })
}

export function useUkStepsStatus(brandName: string) {
  return useQuery(ukStepsQueryOptions(brandName))
}

/**
 * `ukQuestionSet`: the questions of the next attempt, without which option is right. Asked once per visit of the
 * screen (never refetched in the background: a new set must not replace the one being answered).
 */
export function ukQuestionSetQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: ['ukQuestionSet', brandName],
    queryFn: () => postUser('ukQuestionSet', { brandName, assetType: 'cryptoasset' }, UkQuestionSetAnswer),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export function useUkQuestionSet(brandName: string, enabled: boolean) {
  return useQuery({ ...ukQuestionSetQueryOptions(brandName), enabled })
}

/** After any UK answer the standing of every step may have changed: ask again. */
export function useInvalidateUkSteps() {
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ukStepsQueryKey() }), [queryClient])
}

export function useUkRiskDecision() {
  const invalidate = useInvalidateUkSteps()
  return useMutation({
    mutationFn: (request: UkRiskDecisionRequest) => postUser('ukRiskDecision', request, UkDecisionAnswer),
    onSuccess: invalidate,
  })
}

export function useUkCoolingOffDecision() {
  const invalidate = useInvalidateUkSteps()
  return useMutation({
    mutationFn: (request: UkCoolingOffDecisionRequest) => postUser('ukCoolingOffDecision', request, UkDecisionAnswer),
    onSuccess: invalidate,
  })
}

export function useUkCategorise() {
  const invalidate = useInvalidateUkSteps()
  return useMutation({
    mutationFn: (request: UkCategoriseRequest) => postUser('ukCategorise', request, UkCategoriseAnswer),
    onSuccess: invalidate,
  })
}

export function useUkAnswerQuestions() {
  const invalidate = useInvalidateUkSteps()
  return useMutation({
    mutationFn: (request: UkAnswerQuestionsRequest) => postUser('ukAnswerQuestions', request, UkAnswerQuestionsAnswer),
    onSuccess: invalidate,
  })
}
