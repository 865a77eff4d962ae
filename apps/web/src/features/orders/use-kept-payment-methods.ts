import type { OrderBuyGetMethodsAnswer } from '@exchange/shared/orders.schemas'
import { useEffect } from 'react'
import { updateSessionState } from '../../lib/session-state'

type PaymentMethods = Extract<OrderBuyGetMethodsAnswer, { result: true }>

/**
 * Keeps the options the api offered for this order in the session, so that the next step shows them at once and the
 * history names each order's method by them.
 */
export function useKeptPaymentMethods(methods: PaymentMethods | null): void {
  useEffect(() => {
    if (methods) {
      updateSessionState({
        pspArray: methods.psps.options,
        banksArray: methods.banks.options,
        altMethodArray: methods.alts.options,
      })
    }
  }, [methods])
}
