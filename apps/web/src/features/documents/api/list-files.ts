import { ListFilesAnswer, type ListFilesRequest } from '@exchange/shared/documents.schemas'
import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

export const FILES_QUERY_KEY = 'files'

/** `listFiles`: the documents this customer has sent, newest first. */
export function listFiles(request: z.infer<typeof ListFilesRequest>) {
  return postUser('listFiles', request, ListFilesAnswer)
}

export function useFiles(brandName: string) {
  return useQuery({ queryKey: [FILES_QUERY_KEY, brandName], queryFn: () => listFiles({ brandName }) })
}
