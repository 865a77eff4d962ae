import {
  AgreementStatusAnswer,
  StartDocusignAnswer,
  type StartDocusignRequest,
} from '@exchange/shared/agreement.schemas'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

export const AGREEMENT_STATUS_QUERY_KEY = 'agreementStatus'

/** `startDocusign`: starts or resumes the signature and answers the e-signature partner's signing page. */
export function startSigning(request: z.infer<typeof StartDocusignRequest>) {
  return postUser('startDocusign', request, StartDocusignAnswer)
}

export function useStartSigning() {
  return useMutation({ mutationFn: startSigning })
}

/** `agreementStatus`: the agreement as the partner's signed notices left it; the browser's return proves nothing. */
export function getAgreementStatus(brandName: string) {
  return postUser('agreementStatus', { brandName }, AgreementStatusAnswer)
}

export interface AgreementPolling {
  intervalMs: number
  giveUpMs: number
}

/** The customer's agreement; with `polling`, asked again while the latest signature is still out, for a while. */
export function useAgreementStatus(brandName: string, polling?: AgreementPolling) {
  const [gaveUp, setGaveUp] = useState(false)
  const giveUpMs = polling?.giveUpMs
  useEffect(() => {
    if (giveUpMs === undefined) return
    const timer = window.setTimeout(() => setGaveUp(true), giveUpMs)
    return () => window.clearTimeout(timer)
  }, [giveUpMs])
  const query = useQuery({
    queryKey: [AGREEMENT_STATUS_QUERY_KEY, brandName],
    queryFn: () => getAgreementStatus(brandName),
    refetchInterval: (current) => {
      if (!polling || gaveUp) return false
      const answer = current.state.data
      return answer && answer.result && !answer.data.signed && answer.data.latest?.status === 'sent'
        ? polling.intervalMs
        : false
    },
  })
  return { ...query, gaveUp }
}
