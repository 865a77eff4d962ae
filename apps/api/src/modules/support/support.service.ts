import { openTicket } from './open-ticket'
import type { SupportDeps } from './support-deps'
import { closeTicket, customerReply, operatorReply } from './ticket-replies'
import { attachmentOwner, customerTicket, customerTickets, operatorTicket, operatorTickets } from './ticket-views'

export type SupportService = ReturnType<typeof createSupportService>

/**
 * The support desk (decision 122): customers' tickets, complaints with their deadline, the thread, the operators'
 * answers. Owns the `support_*` tables; a customer reaches only their own tickets. Each operation lives in the file
 * named for what it does (decision 107).
 */
export function createSupportService(deps: SupportDeps) {
  return {
    openTicket: openTicket.bind(null, deps),
    customerTickets: customerTickets.bind(null, deps),
    customerTicket: customerTicket.bind(null, deps),
    customerReply: customerReply.bind(null, deps),
    operatorTickets: operatorTickets.bind(null, deps),
    operatorTicket: operatorTicket.bind(null, deps),
    operatorReply: operatorReply.bind(null, deps),
    closeTicket: closeTicket.bind(null, deps),
    attachmentOwner: attachmentOwner.bind(null, deps),
  }
}
