import { AppError } from '../../errors'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'
import { isUnderReview } from './under-review'

/**
 * One of a customer's files, decrypted, for an operator. Only while the customer is under review, unless the operator
 * states why they open it (an audit, a regulator's request); either way the opening is logged with the file.
 */
export async function downloadDocument(
  deps: OperatorServiceDeps,
  operator: string,
  documentId: string,
  reason: string | undefined,
) {
  const customerId = await deps.documents.ownerOf(documentId)
  if (!customerId) throw new AppError('not_found', 404)
  const underReview = await isUnderReview(deps, customerId)
  if (!underReview && !reason) throw new AppError('customer_not_under_review', 403)
  const file = await deps.documents.readDocument(customerId, documentId)
  await logAction(
    deps,
    operator,
    'document_downloaded',
    { customerId, reason: reason ?? null },
    {
      customerId,
      documentId,
      fileName: file.fileName,
      underReview,
      ...(reason && { reason }),
    },
  )
  return file
}
