import { MpSessionAnswer } from '@exchange/shared/partner.schemas'
import { postUser } from '../../../lib/api-client'

/** `mpSession`: the partner's face, what it set in the order and whether it is locked, for this visit's session. */
export function getMpSession(brandName: string): Promise<MpSessionAnswer | false> {
  return postUser('mpSession', { brandName }, MpSessionAnswer)
}
