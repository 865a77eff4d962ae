import Stripe from 'stripe'
import type { CardPspProvider, HostedPaymentLookup, PspEvent } from './card-psp.provider'
import type { PspSettings } from './psp.settings'

/** "250.00" → 25000: Stripe wants the smallest currency unit; every fiat we sell has two decimals. */
export function toMinorUnits(amount: string): number {
  const [whole, fraction = ''] = amount.split('.')
  return Number(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`)
}

/** Stripe's settings as the configuration reads them (psp.settings.ts), and what tests hand in. */
export type StripePspOptions = Omit<Extract<PspSettings, { kind: 'stripe' }>, 'kind'> & {
  /** Tests hand in a client on recorded answers. */
  client?: Stripe
}

const FAILURE_TEXT: Record<string, string> = {
  'checkout.session.expired': 'The checkout expired before the payment was made.',
  'checkout.session.async_payment_failed': 'Your bank did not confirm the payment.',
}

/** Stripe Checkout as the card PSP: a hosted checkout session per order, results by signed webhook. */
export function createStripePsp(options: StripePspOptions): CardPspProvider {
  const stripe = options.client ?? new Stripe(options.secretKey)
  return {
    kind: 'stripe',
    sandbox: false,
    async createCheckout(request) {
      const back = new URL(request.returnUrl.replace('{SESSION_ID}', '{CHECKOUT_SESSION_ID}'), options.publicUrl)
        .toString()
        .replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}')
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        payment_method_types: ['card'],
        customer_email: request.customerEmail,
        client_reference_id: request.orderReference,
        metadata: { orderReference: request.orderReference },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: toMinorUnits(request.amount),
              product_data: { name: `Crypto order ${request.orderReference}` },
            },
          },
        ],
        success_url: back,
        cancel_url: back,
      })
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL')
      return { sessionId: session.id, checkoutUrl: session.url }
    },
    async lookupPayment(sessionId): Promise<HostedPaymentLookup> {
      // GET /v1/checkout/sessions/{id}: the session's own status and its payment's.
      const session = await stripe.checkout.sessions.retrieve(sessionId)
      if (session.status === 'complete' && session.payment_status === 'paid') return { outcome: 'succeeded' }
      if (session.status === 'expired')
        return { outcome: 'failed', failureReason: FAILURE_TEXT['checkout.session.expired']! }
      // Open, or complete with the payment still processing (some debit methods): the answer comes later.
      return { outcome: 'pending' }
    },
    async verifyNotification({ rawBody, headers, nowSeconds }): Promise<PspEvent | null | undefined> {
      const signature = headers['stripe-signature']
      if (!signature) return undefined
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          300,
          undefined,
          nowSeconds * 1000,
        )
      } catch {
        return undefined
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          // A completed session with payment still processing (e.g. some debit methods) waits for the async event.
          if (event.data.object.payment_status !== 'paid') return null
          return { eventId: event.id, sessionId: event.data.object.id, outcome: 'succeeded' }
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed':
          return {
            eventId: event.id,
            sessionId: event.data.object.id,
            outcome: 'failed',
            failureReason: FAILURE_TEXT[event.type],
          }
        default:
          return null
      }
    },
  }
}
