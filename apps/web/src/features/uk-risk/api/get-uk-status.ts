import { UkStatusAnswer } from '@exchange/shared/brand.schemas'
import { useQuery } from '@tanstack/react-query'
import { postPublic } from '../../../lib/api-client'

/**
 * `getUkStatus`: whether this visitor must see the UK risk warning (the server applies the brand's
 * check mode). When the answer cannot be had, the warning is shown: showing it to a non-UK visitor
 * costs nothing, hiding it from a UK visitor breaks COBS 4.12A.
 */
export async function getUkStatus(brandName: string): Promise<boolean> {
  try {
    const answer = await postPublic('getUkStatus', { brandName }, UkStatusAnswer)
    return answer.result ? answer.data.isUk : true
  } catch {
    return true
  }
}

export function useUkStatus(brandName: string) {
  return useQuery({
    queryKey: ['ukStatus', brandName],
    queryFn: () => getUkStatus(brandName),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}
