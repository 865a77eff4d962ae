import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { BankPartnerProvider } from '../../providers/bank/bank-partner.provider'
import type { CustomerService, DeclaredResidence } from '../customers/customers.service'
import type { DocumentReviews } from '../documents/document-reviews'
import type { DocumentService } from '../documents/documents.service'
import type { DueDiligenceService } from '../due-diligence/due-diligence.service'
import type { IdentityService } from '../identity/identity.service'
import type { JourneyService } from '../journey/journey.service'
import type { MoneyIn } from '../intake/money-in'
import type { PartnerService } from '../partners/partners.service'
import type { SupportService } from '../support/support.service'

/** What the back office works with: the database, the clock, and the modules whose decisions an operator takes. */
export interface OperatorServiceDeps {
  db: Database
  clock: Clock
  moneyIn: Pick<
    MoneyIn,
    | 'heldTransfers'
    | 'withdrawalsToCheck'
    | 'approveHeldTransfer'
    | 'approveHeldTransferIn'
    | 'priceHeldTransfer'
    | 'refundTransfer'
    | 'refundPaidOrder'
    | 'refundPaidOrderIn'
    | 'receiveBankTransfer'
    | 'recordDelivery'
    | 'retryWithdrawal'
  >
  bank: BankPartnerProvider
  dueDiligence: DueDiligenceService
  customers: CustomerService
  identity: IdentityService
  /** Where a customer stands with each step of the journey, for their file (decision 133). */
  journey: Pick<JourneyService, 'stepsOf'>
  documents: DocumentService
  documentReviews: DocumentReviews
  /** The brand's rule: the declared residence outside the UK that nothing backs yet, or null (brand module). */
  unprovenResidenceOf: (customerId: string) => Promise<DeclaredResidence | null>
  /** The partner registry (decision 111): its partners, keys and signing secrets are managed from the operator view. */
  partners: PartnerService
  /** The support desk (decision 122): the operators read and answer customers' tickets. */
  support: SupportService
  /** Refunds above this amount, in their own currency, wait for a second operator (decision 132). */
  fourEyes: { refundAbove: string }
}
