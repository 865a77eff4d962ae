import { AppError } from '../../errors'
import type { AuditStep } from '../support/ticket-replies'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

/** The operators' log line of a ticket action, written in the action's own transaction. */
const audited =
  (deps: OperatorServiceDeps, operator: string, action: string, extra: Record<string, unknown> = {}): AuditStep =>
  (tx, ticket) =>
    logAction(
      deps,
      operator,
      action,
      { customerId: ticket.customerId },
      { ticket: ticket.number, customerId: ticket.customerId, ...extra },
      tx,
    )

/** An operator's answer in a ticket: stored, logged and mailed to the customer (decision 122). */
export async function replyToTicket(deps: OperatorServiceDeps, operator: string, number: string, message: string) {
  await deps.support.operatorReply(
    operator,
    number,
    message,
    audited(deps, operator, 'support_ticket_replied', { characters: message.length }),
  )
}

/** An operator closes a ticket (a complaint's final answer sent in the thread first), logged and mailed. */
export async function closeTicket(deps: OperatorServiceDeps, operator: string, number: string) {
  await deps.support.closeTicket(operator, number, audited(deps, operator, 'support_ticket_closed'))
}

/** A file the customer attached to this ticket, decrypted for the operator answering it; the opening is logged. */
export async function downloadTicketAttachment(
  deps: OperatorServiceDeps,
  operator: string,
  number: string,
  documentId: string,
) {
  const attached = await deps.support.attachmentOwner(number, documentId)
  if (!attached) throw new AppError('not_found', 404)
  const file = await deps.documents.readDocument(attached.customerId, documentId)
  await logAction(
    deps,
    operator,
    'support_attachment_downloaded',
    { customerId: attached.customerId },
    { ticket: attached.number, customerId: attached.customerId, documentId, fileName: file.fileName },
  )
  return file
}
