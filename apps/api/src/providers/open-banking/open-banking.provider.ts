import type { FiatCurrency } from '@exchange/shared/currencies'
import type { PspEvent } from '../psp/card-psp.provider'

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
  readonly kind: 'sandbox'
  readonly sandbox: boolean
  createConsent(request: ConsentRequest): Promise<{ consentId: string; authUrl: string }>
  /** As the card PSP's: undefined refused, null acknowledged with nothing to do, else the event. */
  verifyNotification(rawBody: string, signature: string | undefined, nowSeconds: number): PspEvent | null | undefined
}
