import type { WalletChallengeRequest } from '@exchange/shared/wallet-challenge.schemas'
import { WalletChallengeAnswer } from '@exchange/shared/wallet-proofs.schemas'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** `walletChallenge`: the exact message to sign with this wallet, or the declaration to confirm where none is checked. */
function requestWalletChallenge(request: z.input<typeof WalletChallengeRequest>) {
  return postUser('walletChallenge', request, WalletChallengeAnswer)
}

export function useRequestWalletChallenge() {
  return useMutation({ mutationFn: requestWalletChallenge })
}
