import * as WEB_PATHS from '@exchange/shared/web-paths'
import { SourceOfFundsScreen } from '../../features/due-diligence/components/source-of-funds-screen'
import { EvidenceUpload } from '../../features/documents/components/evidence-upload'
import { useJourneyChanged, useJourneyStatus } from '../../features/journey/api/get-journey-status'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'
import { useJourneyNavigation } from '../../features/journey/use-journey-navigation'
import { useBrand } from '../../lib/brand-context'
import { screensCatalog } from './messages'

/**
 * /dashboard-sof: source of funds, with evidence sent through the documents upload, and once saved, on to the next
 * step that blocks an order or back to where the customer was.
 */
export function Component() {
  const brand = useBrand()
  const journeyChanged = useJourneyChanged()
  const journey = useJourneyStatus(brand.brandName)
  const { continueAfterStep } = useJourneyNavigation()
  const answer = journey.data
  // Enhanced checks owed without a declaration on `sof` means the paid volume or residence asked for them.
  const evidenceByThreshold =
    answer && answer.result ? answer.data.steps.some((step) => step.id === 'enhanced_checks') : false
  return (
    <SourceOfFundsScreen
      notice={<StepRequiredNotice />}
      evidence={<EvidenceUpload purpose="source_of_funds" label={screensCatalog.t('screens.sof.sendEvidence')} />}
      evidenceByThreshold={evidenceByThreshold}
      onSaved={async () => {
        await journeyChanged()
        return continueAfterStep(WEB_PATHS.sourceOfFunds)
      }}
    />
  )
}
