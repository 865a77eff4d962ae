import type { Visitor } from '../../providers/geoip/visitor-country'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { DueDiligenceService } from '../due-diligence/due-diligence.service'
import type { IdentityService } from '../identity/identity.service'
import type { UkStepsService } from '../uk-steps/uk-steps.service'
import type { AgreementService } from '../agreement/agreement.service'
import type { WalletService } from '../wallets/wallets.service'
import type { JourneyPolicy } from './journey-rules'

export interface JourneyServiceDeps {
  db: Database
  clock: Clock
  identity: Pick<IdentityService, 'identityStatusOf'>
  wallets: Pick<WalletService, 'isWalletProven'>
  dueDiligence: Pick<DueDiligenceService, 'dueDiligenceFactsOf'>
  ukSteps: Pick<UkStepsService, 'standingsOf' | 'recordRequestToBuy'> & {
    /** Whether the UK steps are asked of the customer on this request, or by stored facts alone (decisions 040, 091). */
    isUkCustomer(customerId: string, visitor?: Visitor): Promise<boolean>
  }
  agreement: Pick<AgreementService, 'hasSignedCurrent'>
  /** Every country of residence the customer declared and when they last moved (the customers module, decision 081). */
  residencesOf: (customerId: string) => Promise<{ countries: string[]; movedAt: Date | null }>
  policy: JourneyPolicy & { enhancedChecksWindowDays: number }
}

/** The dependencies with what the door works out once: whether any UK step is asked at all. */
export interface JourneyParts extends JourneyServiceDeps {
  ukStepsAsked: boolean
}

/** The wallet of one order being paid out. */
export interface PayoutTarget {
  crypto: string
  wallet: string
  /** The order, so that a declared wallet is judged with its amount (decision 084). */
  reference?: string
}
