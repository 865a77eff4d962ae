import { useBrand } from '../../lib/brand-context'
import { useJourneyStatus } from './api/get-journey-status'

/** How many owed steps the customer can act on now, for the menu's badge; 0 while unknown. */
export function useActionableStepCount(): number {
  const brand = useBrand()
  const answer = useJourneyStatus(brand.brandName).data
  return answer && answer.result ? answer.data.steps.filter((step) => step.state === 'required').length : 0
}
