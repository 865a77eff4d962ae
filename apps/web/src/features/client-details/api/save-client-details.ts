import { SaveClientDetailsAnswer, type SaveClientDetailsRequest } from '@exchange/shared/clients.schemas'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'
import { grossQueryKey } from '../../../lib/customer-context'
import { clientDetailsQueryOptions } from './get-client-details'

/** `saveClientDetails`: stores the details; the names then show in the greeting and the order flow. */
function saveClientDetails(request: SaveClientDetailsRequest) {
  return postUser('saveClientDetails', request, SaveClientDetailsAnswer)
}

export function useSaveClientDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveClientDetails,
    onSuccess: async (answer, request) => {
      if (!answer || !answer.result) return
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: grossQueryKey() }),
        queryClient.invalidateQueries({ queryKey: clientDetailsQueryOptions(request.brandName).queryKey }),
      ])
    },
  })
}
