import {
  type ListWalletsAnswer,
  WalletProofAnswer,
  type WalletDeclareProviderRequest,
  type WalletDeclareRequest,
  type WalletProveRequest,
} from '@exchange/shared/wallet-proofs.schemas'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'
import { WALLETS_QUERY_KEY } from './list-wallets'

/** `walletProve`: the signature of the challenge's message; the wallet is saved when it matches. */
function proveWallet(request: z.input<typeof WalletProveRequest>) {
  return postUser('walletProve', request, WalletProofAnswer)
}

/** `walletDeclare`: the customer's declaration of control, naming the wallet provider (networks without a signature). */
function declareWallet(request: z.input<typeof WalletDeclareRequest>) {
  return postUser('walletDeclare', request, WalletProofAnswer)
}

/** `walletDeclareProvider`: a wallet at another exchange or a custodian, with the provider and the account holder. */
function declareProviderWallet(request: z.input<typeof WalletDeclareProviderRequest>) {
  return postUser('walletDeclareProvider', request, WalletProofAnswer)
}

export type ProofRequest =
  | ({ kind: 'signature' } & z.input<typeof WalletProveRequest>)
  | ({ kind: 'declaration' } & z.input<typeof WalletDeclareRequest>)
  | ({ kind: 'provider' } & z.input<typeof WalletDeclareProviderRequest>)

/**
 * Either proof. A saved wallet joins the cached lists at once, before any screen the form leads to reads them (the
 * payment screen must not still ask for the proof just given), and the lists are then read again.
 */
export function useProveWallet() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, ...request }: ProofRequest) =>
      kind === 'signature'
        ? proveWallet(request as z.input<typeof WalletProveRequest>)
        : kind === 'provider'
          ? declareProviderWallet(request as z.input<typeof WalletDeclareProviderRequest>)
          : declareWallet(request as z.input<typeof WalletDeclareRequest>),
    onSuccess: (answer) => {
      if (!answer || !answer.result) return
      const proven = answer.data
      queryClient.setQueriesData<ListWalletsAnswer>({ queryKey: [WALLETS_QUERY_KEY] }, (list) =>
        list && list.result ? { ...list, data: [...list.data, proven] } : list,
      )
      void queryClient.invalidateQueries({ queryKey: [WALLETS_QUERY_KEY] })
    },
  })
}
