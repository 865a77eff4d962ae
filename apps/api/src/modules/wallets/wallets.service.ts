import { createDeclaredWalletLimits } from './declared-wallet-limits'
import { issueChallenge } from './wallet-challenges'
import type { WalletContext, WalletServiceDeps } from './wallet-deps'
import { declareProviderWallet, declareWallet, isWalletProven, listWallets, proveWithSignature } from './wallet-proofs'

export { CHALLENGE_TTL_MS, type WalletServiceDeps } from './wallet-deps'

export type WalletService = ReturnType<typeof createWalletService>

/**
 * Wallet ownership: issues a message per customer and wallet (nonce, expiry, single use), checks the signature over it
 * or takes a declaration where no signature can be checked, and remembers proven wallets. Owns `wallet_challenges`
 * and `wallet_proofs`.
 */
export function createWalletService(deps: WalletServiceDeps) {
  const context: WalletContext = { ...deps, limits: createDeclaredWalletLimits({ db: deps.db, clock: deps.clock }) }
  return {
    issueChallenge: issueChallenge.bind(null, context),
    proveWithSignature: proveWithSignature.bind(null, context),
    declareWallet: declareWallet.bind(null, context),
    declareProviderWallet: declareProviderWallet.bind(null, context),
    listWallets: listWallets.bind(null, context),
    isWalletProven: isWalletProven.bind(null, context),
  }
}
