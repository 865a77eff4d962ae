import {
  CustomerFileSchema,
  OperatorMeSchema,
  OrderFileSchema,
  QueuesSchema,
  SearchResultsSchema,
} from '@exchange/shared/back-office.schemas'
import { readApi, withReason } from './client'

// The back office's reads (decision 133's contract) and their cache keys (decision 110: a key is built where its query is).

export const meQuery = { queryKey: ['me'], queryFn: () => readApi('/operator/api/me', OperatorMeSchema) }

export const queuesQuery = { queryKey: ['queues'], queryFn: () => readApi('/operator/api/queues', QueuesSchema) }

export const searchQuery = (q: string | null) => ({
  queryKey: ['search', q],
  queryFn: () => readApi(`/operator/api/search?q=${encodeURIComponent(q ?? '')}`, SearchResultsSchema),
  enabled: q !== null,
})

/** Every view of a customer's file, whatever the reason: refreshed together after an action. */
export const customerKey = (customerId: string) => ['customer', customerId]

export const customerQuery = (customerId: string, reason: string) => ({
  queryKey: [...customerKey(customerId), reason],
  queryFn: () =>
    readApi(withReason(`/operator/api/customers/${encodeURIComponent(customerId)}`, reason), CustomerFileSchema),
})

export const orderKey = (reference: string) => ['order', reference]

export const orderQuery = (reference: string, reason: string) => ({
  queryKey: [...orderKey(reference), reason],
  queryFn: () => readApi(withReason(`/operator/api/orders/${encodeURIComponent(reference)}`, reason), OrderFileSchema),
})
