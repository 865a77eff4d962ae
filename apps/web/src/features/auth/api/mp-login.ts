import { MpLoginAnswer, type MpLoginRequest } from '@exchange/shared/partner.schemas'
import { postPublic } from '../../../lib/api-client'
import { useCall } from '../../../lib/use-call'

/** `mplogin`: claims a partner's link, then signs its customer in (password, then the e-mailed code). */
function mpLogin(request: MpLoginRequest): Promise<MpLoginAnswer> {
  return postPublic('mplogin', request, MpLoginAnswer)
}

/**
 * A link is claimed once: the claim of a page load is kept by its token, so a render done twice (React's checks in
 * development, a remount) reads the same answer instead of claiming again and being told the link was used.
 */
const claims = new Map<string, Promise<MpLoginAnswer>>()

export function claimPartnerLink(request: Extract<MpLoginRequest, { step: 'claim' }>): Promise<MpLoginAnswer> {
  let claim = claims.get(request.token)
  if (!claim) {
    claim = mpLogin(request)
    claims.set(request.token, claim)
  }
  return claim
}

export function useMpLogin() {
  return useCall(mpLogin)
}
