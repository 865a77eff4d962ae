import type { HostedPaymentDeps } from './hosted-payment-deps'
import { startCardPayment, startPayByBank } from './hosted-starts'
import { paymentStatus } from './hosted-status'

export type HostedPaymentService = ReturnType<typeof createHostedPaymentService>

/**
 * Payments on another party's page: card checkout at the PSP, and pay-by-bank consent at the customer's bank.
 * Starting one moves the order to awaiting payment; only the party's signed notice decides the outcome. Each
 * operation lives in the file named for its group (decision 107).
 */
export function createHostedPaymentService(deps: HostedPaymentDeps) {
  return {
    startCardPayment: startCardPayment.bind(null, deps),
    startPayByBank: startPayByBank.bind(null, deps),
    paymentStatus: paymentStatus.bind(null, deps),
  }
}
