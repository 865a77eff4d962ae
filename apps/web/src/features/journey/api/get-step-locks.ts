import type { JourneyStepId } from '@exchange/shared/journey-steps'
import { UkStepsStatusAnswer } from '@exchange/shared/uk-steps.schemas'
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** The same answer, under the same key, as the UK screens read: one call serves both, and their answers refresh it. */
function ukStepsQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: ['ukStepsStatus', brandName],
    queryFn: () => postUser('ukStepsStatus', { brandName }, UkStepsStatusAnswer),
  })
}

/** Journey steps that can be locked for a while, and when each opens again (decision 087), from `ukStepsStatus`. */
export type StepLocks = Partial<Record<JourneyStepId, string>>

function locksOf(answer: z.infer<typeof UkStepsStatusAnswer> | false | undefined) {
  const locks: StepLocks = {}
  if (!answer || !answer.result) return locks
  const { categorisation, appropriateness } = answer.data
  if (categorisation.state === 'waiting' && categorisation.newStatementFrom)
    locks.uk_categorisation = categorisation.newStatementFrom
  if (appropriateness.state === 'waiting' && appropriateness.lockedUntil)
    locks.uk_appropriateness = appropriateness.lockedUntil
  return locks
}

/** The locks, asked for only while a step that can be locked is waiting (`needed`), so others make no call. */
export function useStepLocks(brandName: string, needed: boolean): StepLocks {
  const query = useQuery({ ...ukStepsQueryOptions(brandName), enabled: needed })
  return needed ? locksOf(query.data) : {}
}

/** The locks as of now, for a decision taken on a click (the calculator's refused order). */
export async function fetchStepLocks(queryClient: QueryClient, brandName: string): Promise<StepLocks> {
  try {
    return locksOf(await queryClient.fetchQuery({ ...ukStepsQueryOptions(brandName), staleTime: 0 }))
  } catch {
    return {}
  }
}

/** The steps whose "waiting" is a lock after a failed answer, not a wait the step's own screen counts down. */
export function isLockableStep(step: JourneyStepId): boolean {
  return step === 'uk_categorisation' || step === 'uk_appropriateness'
}
