import { MpOgReturnAnswer, type MpOgReturnRequest } from '@exchange/shared/partner.schemas'
import { postPublic } from '../../../lib/api-client'

/** `mpOgReturn`: ends the visit and answers the partner's return address, signed (decision 112). */
export function returnToPartner(request: MpOgReturnRequest): Promise<MpOgReturnAnswer> {
  return postPublic('mpOgReturn', request, MpOgReturnAnswer)
}
