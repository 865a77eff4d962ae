import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { createDeclaredWalletLimits } from './declared-wallet-limits'

/** How long a message to sign stays valid, and how many signatures may be tried on it. */
export const CHALLENGE_TTL_MS = 15 * 60 * 1000
export const CHALLENGE_MAX_ATTEMPTS = 5

export interface WalletServiceDeps {
  db: Database
  clock: Clock
  brandName: string
  /**
   * Called in the transaction that stores a proof, so that what waits on it (paid orders held for the wallet,
   * decision 039) is queued with the proof or not at all.
   */
  onProven?: (tx: Database, customerId: string) => Promise<void>
}

/** The dependencies with the limits of declared wallets, made once. */
export interface WalletContext extends WalletServiceDeps {
  limits: ReturnType<typeof createDeclaredWalletLimits>
}
