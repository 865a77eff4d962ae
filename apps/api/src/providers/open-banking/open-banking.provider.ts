import type { FiatCurrency } from '@exchange/shared/currencies'
import type { HostedPaymentLookup, PspEvent } from '../psp/card-psp.provider'
import type { IncomingNotice } from '../signed-notice'

export interface ConsentRequest {
  orderReference: string
  amount: string
  currency: FiatCurrency
  /** The customer's bank, as the bank option's tlId. */
  bankId: string
  payerName: string
  /** Where the provider sends the browser back; `{SESSION_ID}` is replaced by the consent id. */
  returnUrl: string
}

/** Pay-by-bank: the customer approves a payment of a fixed amount at their own bank; a signed notice says how it went. */
export interface OpenBankingProvider {
  readonly kind: 'sandbox' | 'truelayer'
  readonly sandbox: boolean
  createConsent(request: ConsentRequest): Promise<{ consentId: string; authUrl: string }>
  /**
   * Checks a notice's signature (which may cover headers and the path, and may need the provider's published keys):
   * undefined refused, null acknowledged with nothing to do, else the event.
   */
  verifyNotification(notice: IncomingNotice): Promise<PspEvent | null | undefined>
  /** Asks the provider how a payment stands, by its consent (payment) id; throws when it cannot tell. */
  lookupPayment(consentId: string): Promise<HostedPaymentLookup>
}
