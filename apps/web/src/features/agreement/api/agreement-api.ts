import {
  AgreementStatusAnswer,
  StartDocusignAnswer,
  type StartDocusignRequest,
} from '@exchange/shared/agreement.schemas'
import { queryOptions, useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'
import { type StatusPolling, useStatusPolling } from '../../../lib/use-status-polling'

/** `startDocusign`: starts or resumes the signature and answers the e-signature partner's signing page. */
function startSigning(request: z.infer<typeof StartDocusignRequest>) {
  return postUser('startDocusign', request, StartDocusignAnswer)
}

export function useStartSigning() {
  return useMutation({ mutationFn: startSigning })
}

/** `agreementStatus`: the agreement as the partner's signed notices left it; the browser's return proves nothing. */
function agreementStatusQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: ['agreementStatus', brandName],
    queryFn: () => postUser('agreementStatus', { brandName }, AgreementStatusAnswer),
  })
}

export type AgreementPolling = StatusPolling

/** The customer's agreement; with `polling`, asked again while the latest signature is still out, for a while. */
export function useAgreementStatus(brandName: string, polling?: AgreementPolling) {
  return useStatusPolling(agreementStatusQueryOptions(brandName), {
    stillOpen: (answer) =>
      answer !== false && answer.result && !answer.data.signed && answer.data.latest?.status === 'sent',
    polling,
  })
}
