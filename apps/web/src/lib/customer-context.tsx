import type { GrossData } from '@exchange/shared/accounts.schemas'
import { createContext, useContext, type ReactNode } from 'react'

/** Query key of `getGross`; invalidating it reloads the customer's details everywhere (spec section 4). */
export const GROSS_QUERY_KEY = 'gross'

/** The customer's details (getGross) of every brand: what an order or a change of details makes stale. */
export function grossQueryKey() {
  return [GROSS_QUERY_KEY]
}

const CustomerContext = createContext<GrossData | null>(null)

export function CustomerProvider({ customer, children }: { customer: GrossData; children: ReactNode }) {
  return <CustomerContext value={customer}>{children}</CustomerContext>
}

/** The signed-in customer (getGross), loaded by the dashboard layout before any of its screens renders. */
export function useCustomer(): GrossData {
  const customer = useContext(CustomerContext)
  if (!customer) throw new Error('useCustomer needs a CustomerProvider above it')
  return customer
}

/** The signed-in customer when a CustomerProvider is above, else null (pieces also shown outside the dashboard). */
export function useCustomerIfKnown(): GrossData | null {
  return useContext(CustomerContext)
}
