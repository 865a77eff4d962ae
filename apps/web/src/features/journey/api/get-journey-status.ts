import { JourneyStatusAnswer, type JourneyStatusRequest } from '@exchange/shared/journey.schemas'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** Query key of `journeyStatus`; invalidated whenever an answer or a check may have changed what is owed. */
const JOURNEY_QUERY_KEY = 'journeyStatus'

/** `journeyStatus`: the steps the customer still owes, in order, and which step blocks each action (decision 036). */
function getJourneyStatus(request: z.infer<typeof JourneyStatusRequest>) {
  return postUser('journeyStatus', request, JourneyStatusAnswer)
}

/**
 * How long an answer serves the screens that mount after it without asking again: the menu's count and the
 * calculator's checks, mounted a moment apart as /dashboard loads, share one call. Whatever changes what is owed here
 * (a saved step, a signed agreement) invalidates the answer, and the journey's navigation always asks afresh.
 */
const JOURNEY_STATUS_FRESH_MS = 10_000

export function journeyQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: [JOURNEY_QUERY_KEY, brandName],
    queryFn: () => getJourneyStatus({ brandName }),
    staleTime: JOURNEY_STATUS_FRESH_MS,
  })
}

export function useJourneyStatus(brandName: string) {
  return useQuery(journeyQueryOptions(brandName))
}

/**
 * What the customer owes may have changed (a step saved, a check decided, the agreement signed): the answer is
 * dropped, and every screen showing it asks again. Resolves once those screens have their new answer.
 */
export function useJourneyChanged(): () => Promise<void> {
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [JOURNEY_QUERY_KEY] }), [queryClient])
}
