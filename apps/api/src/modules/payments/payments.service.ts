import { submitWire } from './bank-transfers'
import type { PaymentServiceDeps } from './payment-deps'
import { completeViban, submitViban, virtualIbanFor } from './virtual-ibans'

export type PaymentService = ReturnType<typeof createPaymentService>

/**
 * Bank-side payment: wire transfers to the company's account and transfers to the customer's virtual IBAN. Each
 * operation lives in the file named for its group (decision 107).
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  return {
    submitWire: submitWire.bind(null, deps),
    virtualIbanFor: virtualIbanFor.bind(null, deps),
    submitViban: submitViban.bind(null, deps),
    completeViban: completeViban.bind(null, deps),
    virtualIbanFiats: [...deps.bank.virtualIbanFiats],
  }
}
