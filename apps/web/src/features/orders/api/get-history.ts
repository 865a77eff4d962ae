import { HistoryAnswer, type HistoryRequest } from '@exchange/shared/orders.schemas'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

const HISTORY_QUERY_KEY = 'history'
export const HISTORY_PAGE_SIZE = 10

/**
 * `getHistory`: the customer's orders, newest first, one page at a time. A page after the first is asked for after the
 * last order of the page before (`after`, decision 053), which the database reads as fast at page 5,000 as at page 2.
 */
function getHistory(request: z.infer<typeof HistoryRequest>) {
  return postUser('getHistory', request, HistoryAnswer)
}

/** Every page of the history: what a change to an order invalidates. */
export function historyQueryKey() {
  return [HISTORY_QUERY_KEY]
}

function historyQueryOptions(brandName: string, page: number, after: string | undefined) {
  return queryOptions({
    queryKey: [HISTORY_QUERY_KEY, brandName, page, after],
    queryFn: () => getHistory({ page, pageSize: HISTORY_PAGE_SIZE, brandName, ...(after ? { after } : {}) }),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  })
}

export function useHistory(brandName: string, page: number, after: string | undefined) {
  return useQuery({ ...historyQueryOptions(brandName, page, after) })
}
