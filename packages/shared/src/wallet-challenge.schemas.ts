import { z } from 'zod'
import { isValidWalletAddress } from './wallet-addresses'
import { BrandName } from './validators'
import { WalletCoin, walletAddressMessage } from './wallets'

/**
 * `POST /v1/user/walletChallenge`: the wallet to prove, its address checked by its network's checksum. Apart from
 * the other wallet-proof schemas (wallet-proofs.schemas.ts), whose answers the web's first signed-in load reads, so
 * that the checks come only with what names an address (decision 119).
 */
const Wallet = z
  .object({ crypto: WalletCoin, address: z.string().trim().min(1).max(128) })
  .refine((wallet) => isValidWalletAddress(wallet.crypto, wallet.address), {
    error: (issue) => walletAddressMessage(String((issue.input as { crypto?: unknown })?.crypto ?? '')),
    path: ['address'],
  })

export const WalletChallengeRequest = z.object({ brandName: BrandName, wallet: Wallet })
