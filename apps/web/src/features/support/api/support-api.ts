import { ListTicketsAnswer, type OpenTicketRequest, TicketAnswer } from '@exchange/shared/support.schemas'
import { HistoryAnswer } from '@exchange/shared/orders.schemas'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

const TICKETS_KEY = 'supportTickets'

/** `listTickets`: the customer's tickets, the latest activity first. */
export function useTickets(brandName: string) {
  return useQuery(
    queryOptions({
      queryKey: [TICKETS_KEY, brandName],
      queryFn: () => postUser('listTickets', { brandName }, ListTicketsAnswer),
    }),
  )
}

/** `getTicket`: one ticket with its thread, while it is open on the screen. */
export function useTicket(brandName: string, number: string | null) {
  return useQuery({
    queryKey: [TICKETS_KEY, brandName, number],
    queryFn: () => postUser('getTicket', { brandName, number: number! }, TicketAnswer),
    enabled: number !== null,
  })
}

/** The customer's latest orders, for the form's "which order" choice. */
export function useRecentOrders(brandName: string) {
  return useQuery({
    queryKey: ['history', brandName, 'support'],
    queryFn: () => postUser('getHistory', { brandName, page: 1, pageSize: 50 }, HistoryAnswer),
  })
}

/** `openTicket`: a new ticket; the list is read again after it. */
export function useOpenTicket() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (request: OpenTicketRequest) => postUser('openTicket', request, TicketAnswer),
    onSuccess: () => client.invalidateQueries({ queryKey: [TICKETS_KEY] }),
  })
}

/** `replyTicket`: the customer's answer in a ticket; the list and the thread are read again after it. */
export function useReplyTicket() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (request: { brandName: string; number: string; message: string }) =>
      postUser('replyTicket', request, TicketAnswer),
    onSuccess: () => client.invalidateQueries({ queryKey: [TICKETS_KEY] }),
  })
}
