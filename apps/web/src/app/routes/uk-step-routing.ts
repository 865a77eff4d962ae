import * as WEB_PATHS from '@exchange/shared/web-paths'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useJourneyNavigation, type JourneyLocationState } from '../../features/journey/use-journey-navigation'

/**
 * How a UK step's screen leads on (decision 038's routing): once the step is done on `screen`, to the next step that
 * stands before an order (the regulation's order, then the cooling-off), else back to where the customer was, else the
 * calculator; and to the details first when the step needs the customer's full name (the details lead back here).
 */
export function useUkStepRouting(screen: string) {
  const navigate = useNavigate()
  const { continueAfterStep } = useJourneyNavigation()
  const done = useCallback(async () => {
    if (await continueAfterStep(screen)) return
    void navigate(WEB_PATHS.dashboard, { state: { stepDone: true } satisfies JourneyLocationState })
  }, [continueAfterStep, navigate, screen])
  const detailsFirst = useCallback(
    () =>
      void navigate(WEB_PATHS.details, {
        replace: true,
        state: { stepRequired: 'details' } satisfies JourneyLocationState,
      }),
    [navigate],
  )
  return { done, detailsFirst }
}
