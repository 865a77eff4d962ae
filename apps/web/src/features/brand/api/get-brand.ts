import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { brandCheck } from '../../../lib/answer-checks'
import { ApiRequestError, postPublic } from '../../../lib/api-client'

/** `getBrand`: the white-label configuration this deployment serves. */
export async function getBrand(): Promise<BrandConfig> {
  const answer = await postPublic('getBrand', {}, brandCheck)
  if (!answer.result) throw new ApiRequestError('getBrand', null, { cause: answer.error })
  return answer.data
}
