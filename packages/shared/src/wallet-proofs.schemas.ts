import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import { BrandName } from './validators'
import { WalletCoin, isValidWalletAddress, walletAddressMessage } from './wallets'

/** How a wallet is shown to be the customer's: a signed message where we can check one, else a declaration. */
export const WALLET_PROOF_METHODS = ['signed_message', 'declaration'] as const
export const WalletProofMethod = z.enum(WALLET_PROOF_METHODS)
export type WalletProofMethod = z.infer<typeof WalletProofMethod>

const Wallet = z
  .object({ crypto: WalletCoin, address: z.string().trim().min(1).max(128) })
  .refine((wallet) => isValidWalletAddress(wallet.crypto, wallet.address), {
    error: (issue) => walletAddressMessage(String((issue.input as { crypto?: unknown })?.crypto ?? '')),
    path: ['address'],
  })

export const WalletChallengeRequest = z.object({ brandName: BrandName, wallet: Wallet })
export const WalletChallengeAnswer = answerOf(
  successAnswer({
    data: z.object({
      challengeId: z.uuid(),
      method: WalletProofMethod,
      /** The exact text to sign (signed_message) or to confirm (declaration). */
      message: z.string(),
      expiresAt: z.string(),
    }),
  }),
)
export type WalletChallengeAnswer = z.infer<typeof WalletChallengeAnswer>

export const WalletProveRequest = z.object({
  brandName: BrandName,
  challengeId: z.uuid(),
  /** 0x-prefixed hex (EVM, 65 bytes) or base64 (Bitcoin, 65 bytes). */
  signature: z.string().trim().min(1).max(200),
})

export const WalletDeclareRequest = z.object({
  brandName: BrandName,
  challengeId: z.uuid(),
  /** The wallet app or custodian holding the keys, e.g. "Ledger Nano X" or "Kraken". */
  walletProvider: z.string().trim().min(2).max(100),
  confirm: z.literal(true),
})

export const ProvenWallet = z.object({
  crypto: WalletCoin,
  address: z.string(),
  method: WalletProofMethod,
  walletProvider: z.string().nullable(),
  createdAt: z.string(),
})
export type ProvenWallet = z.infer<typeof ProvenWallet>

export const WalletProofAnswer = answerOf(successAnswer({ data: ProvenWallet }))
export type WalletProofAnswer = z.infer<typeof WalletProofAnswer>

export const ListWalletsRequest = z.object({ brandName: BrandName })
export const ListWalletsAnswer = answerOf(successAnswer({ data: z.array(ProvenWallet) }))
export type ListWalletsAnswer = z.infer<typeof ListWalletsAnswer>
