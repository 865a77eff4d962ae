import { IdentityStartAnswer, type IdentityStartRequest } from '@exchange/shared/identity.schemas'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** `identityStart`: starts or resumes the customer's check and answers the provider's hosted page to send the browser to. */
function startIdentityCheck(request: z.infer<typeof IdentityStartRequest>) {
  return postUser('identityStart', request, IdentityStartAnswer)
}

export function useStartIdentityCheck() {
  return useMutation({ mutationFn: startIdentityCheck })
}
