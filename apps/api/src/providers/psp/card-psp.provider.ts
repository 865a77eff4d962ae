import type { IncomingNotice } from '../signed-notice'
import type { FiatCurrency } from '@exchange/shared/currencies'

interface CheckoutRequest {
  orderReference: string
  amount: string
  currency: FiatCurrency
  customerEmail: string
  /** Where the PSP sends the browser back; `{SESSION_ID}` is replaced by the session id. */
  returnUrl: string
}

interface CheckoutSession {
  sessionId: string
  /** The PSP's hosted payment page. */
  checkoutUrl: string
}

/** What a verified PSP notification says about one checkout. */
export interface PspEvent {
  eventId: string
  sessionId: string
  outcome: 'succeeded' | 'failed'
  /** Plain words for the customer when the payment failed. */
  failureReason?: string
}

/**
 * What the provider says of a hosted payment when asked directly, as opposed to told by a notice: a notice can be
 * lost (our process crashed while handling it), so a payment still pending near its order's end is asked about.
 */
export type HostedPaymentLookup =
  { outcome: 'pending' } | { outcome: 'succeeded' } | { outcome: 'failed'; failureReason: string }

/** A card payment provider with a hosted checkout and signed server-to-server notifications. */
export interface CardPspProvider {
  readonly kind: 'sandbox' | 'stripe'
  readonly sandbox: boolean
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>
  /**
   * Checks the signature over the raw body: undefined for a forged or stale notice (refused), null for a genuine
   * notice that needs no action (acknowledged), else the event.
   */
  verifyNotification(notice: IncomingNotice): Promise<PspEvent | null | undefined>
  /** Asks the provider how a checkout stands, by its session id; throws when it cannot tell (unknown id, outage). */
  lookupPayment(sessionId: string): Promise<HostedPaymentLookup>
}
