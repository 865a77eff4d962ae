import { ListFilesAnswer } from '@exchange/shared/documents.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** `listFiles`: the documents this customer has sent, newest first. */
export function filesQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: ['files', brandName],
    queryFn: () => postUser('listFiles', { brandName }, ListFilesAnswer),
  })
}

export function useFiles(brandName: string) {
  return useQuery(filesQueryOptions(brandName))
}
