import { GetBrandAnswer } from '@exchange/shared/brand.schemas'
import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { useQuery } from '@tanstack/react-query'
import { ApiRequestError, postPublic } from '../../../lib/api-client'

/** `getBrand`: the white-label configuration this deployment serves. */
export async function getBrand(): Promise<BrandConfig> {
  const answer = await postPublic('getBrand', {}, GetBrandAnswer)
  if (!answer.result) throw new ApiRequestError('getBrand', null, { cause: answer.error })
  return answer.data
}

export function useBrandQuery() {
  return useQuery({ queryKey: ['brand'], queryFn: getBrand, staleTime: Number.POSITIVE_INFINITY, retry: 2 })
}
