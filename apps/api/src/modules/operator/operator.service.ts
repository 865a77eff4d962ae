import { auditExport } from './audit-export'
import { trailFor } from './back-office-views'
import { decideEnhancedChecks, decideIdentity } from './customer-decisions'
import { customerFile } from './customer-file'
import { search } from './customer-search'
import { downloadDocument } from './document-downloads'
import { approveFourEyes, checkFourEyesRole, declineFourEyes, pendingFourEyes } from './four-eyes'
import { refundTransfer, requestTransferRelease } from './held-payments'
import type { OperatorServiceDeps } from './operator-deps'
import { markWireReceived, recordDelivery, refundOrder, retryWithdrawal } from './order-actions'
import { orderFile } from './order-file'
import { overview } from './overview'
import * as partnerDesk from './partner-actions'
import { queuesFor } from './queues'
import { decideProofOfAddress } from './residence-proofs'
import * as supportDesk from './support-desk'

export type OperatorService = ReturnType<typeof createOperatorService>

/**
 * The back office: what needs a person, and every action a person takes, logged with who and when. Each operation
 * lives in the file named for what it does (decision 107).
 */
export function createOperatorService(deps: OperatorServiceDeps) {
  return {
    overview: overview.bind(null, deps),
    decideIdentity: decideIdentity.bind(null, deps),
    downloadDocument: downloadDocument.bind(null, deps),
    decideEnhancedChecks: decideEnhancedChecks.bind(null, deps),
    decideProofOfAddress: decideProofOfAddress.bind(null, deps),
    requestTransferRelease: requestTransferRelease.bind(null, deps),
    approveFourEyes: approveFourEyes.bind(null, deps),
    checkFourEyesRole: checkFourEyesRole.bind(null, deps),
    declineFourEyes: declineFourEyes.bind(null, deps),
    pendingFourEyes: () => pendingFourEyes(deps),
    refundTransfer: refundTransfer.bind(null, deps),
    refundOrder: refundOrder.bind(null, deps),
    markWireReceived: markWireReceived.bind(null, deps),
    recordDelivery: recordDelivery.bind(null, deps),
    retryWithdrawal: retryWithdrawal.bind(null, deps),
    partnerSummaries: () => deps.partners.partnerSummaries(),
    partnerDetail: async (partnerId: string) => ({
      partner: await deps.partners.partnerById(partnerId),
      keys: await deps.partners.partnerKeys(partnerId),
    }),
    registerPartner: partnerDesk.registerPartner.bind(null, deps),
    changePartner: partnerDesk.changePartner.bind(null, deps),
    issuePartnerKey: partnerDesk.issuePartnerKey.bind(null, deps),
    revokePartnerKey: partnerDesk.revokePartnerKey.bind(null, deps),
    rotatePartnerSecret: partnerDesk.rotatePartnerSecret.bind(null, deps),
    /** The server's clock, for the pages that mark what is overdue. */
    now: () => deps.clock.now(),
    tickets: (status: Parameters<OperatorServiceDeps['support']['operatorTickets']>[0]) =>
      deps.support.operatorTickets(status),
    ticket: (number: string) => deps.support.operatorTicket(number),
    replyToTicket: supportDesk.replyToTicket.bind(null, deps),
    closeTicket: supportDesk.closeTicket.bind(null, deps),
    downloadTicketAttachment: supportDesk.downloadTicketAttachment.bind(null, deps),
    // The back office's api (decision 133).
    queues: queuesFor.bind(null, deps),
    search: search.bind(null, deps),
    customerFile: customerFile.bind(null, deps),
    orderFile: orderFile.bind(null, deps),
    trail: trailFor.bind(null, deps),
    auditExport: auditExport.bind(null, deps),
  }
}
