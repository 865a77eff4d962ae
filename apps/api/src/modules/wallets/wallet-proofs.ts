import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { WalletProofMethod } from '@exchange/shared/wallet-proofs.schemas'
import { WalletCoin } from '@exchange/shared/wallets'
import { walletChallenges, walletProofs } from '../../db/tables/modules/wallets'
import { AppError } from '../../errors'
import type { DeclaredWallet } from './declared-wallet-limits'
import { takeAttempt } from './wallet-challenges'
import type { WalletContext, WalletServiceDeps } from './wallet-deps'
import { checkedScheme, familyOf, normalizeWalletAddress, proofSchemeFor } from './wallet-schemes'

function view(proof: typeof walletProofs.$inferSelect) {
  return {
    crypto: proof.crypto,
    address: proof.address,
    method: proof.method,
    walletProvider: proof.walletProvider,
    accountHolder: proof.accountHolder,
    createdAt: proof.createdAt.toISOString(),
  }
}

async function recordProof(
  { db, clock, onProven }: WalletServiceDeps,
  challenge: typeof walletChallenges.$inferSelect,
  proof: {
    method: WalletProofMethod
    scheme: string | null
    signature: string | null
    walletProvider: string | null
    accountHolder: string | null
  },
) {
  return db.transaction(async (tx) => {
    // Single use: of two requests with the same challenge, only one consumes it.
    const [consumed] = await tx
      .update(walletChallenges)
      .set({ consumedAt: clock.now() })
      .where(and(eq(walletChallenges.id, challenge.id), isNull(walletChallenges.consumedAt)))
      .returning({ id: walletChallenges.id })
    if (!consumed) throw new AppError('wallet_challenge_invalid')
    const values = {
      customerId: challenge.customerId,
      crypto: challenge.crypto,
      address: challenge.address,
      challengeId: challenge.id,
      createdAt: clock.now(),
      ...proof,
    }
    const [stored] = await tx
      .insert(walletProofs)
      .values(values)
      .onConflictDoUpdate({
        target: [walletProofs.customerId, walletProofs.crypto, walletProofs.address],
        set: { ...proof, challengeId: challenge.id, createdAt: clock.now() },
        // A signature is never replaced by a declaration: the stronger proof, without limits, stays.
        setWhere: proof.method === 'signed_message' ? undefined : ne(walletProofs.method, 'signed_message' as const),
      })
      .returning()
    const kept =
      stored ??
      (
        await tx
          .select()
          .from(walletProofs)
          .where(
            and(
              eq(walletProofs.customerId, challenge.customerId),
              eq(walletProofs.crypto, challenge.crypto),
              eq(walletProofs.address, challenge.address),
            ),
          )
      )[0]!
    await onProven?.(tx, challenge.customerId)
    return view(kept)
  })
}

/** Checks the signature over the challenge's exact text with the wallet's own scheme, then remembers the wallet. */
export async function proveWithSignature(
  deps: WalletServiceDeps,
  customerId: string,
  challengeId: string,
  signature: string,
) {
  const challenge = await takeAttempt(deps, customerId, challengeId)
  if (!proofSchemeFor(challenge.crypto, challenge.address)) throw new AppError('wallet_challenge_invalid')
  // Only a signature checked here counts as one (decision 084).
  const scheme = checkedScheme(challenge.address, challenge.message, signature)
  if (!scheme) throw new AppError('wallet_signature_invalid')
  return recordProof(deps, challenge, {
    method: 'signed_message',
    scheme,
    signature: signature.trim(),
    walletProvider: null,
    accountHolder: null,
  })
}

/** For networks without a signature we check: the customer's declaration, naming the wallet provider. */
export async function declareWallet(
  deps: WalletServiceDeps,
  customerId: string,
  challengeId: string,
  walletProvider: string,
) {
  const challenge = await takeAttempt(deps, customerId, challengeId)
  if (proofSchemeFor(challenge.crypto, challenge.address)) throw new AppError('wallet_signature_required')
  return recordProof(deps, challenge, {
    method: 'declaration',
    scheme: null,
    signature: null,
    walletProvider,
    accountHolder: null,
  })
}

/**
 * A wallet at another exchange or a custodian cannot sign: the customer names the provider and declares that the
 * account there is theirs, in their own name (the travel rule's beneficiary information, decision 084).
 */
export async function declareProviderWallet(
  deps: WalletServiceDeps,
  customerId: string,
  challengeId: string,
  input: { walletProvider: string; accountHolder: string },
) {
  const challenge = await takeAttempt(deps, customerId, challengeId)
  return recordProof(deps, challenge, {
    method: 'provider_declaration',
    scheme: null,
    signature: null,
    walletProvider: input.walletProvider,
    accountHolder: input.accountHolder,
  })
}

export async function listWallets({ db }: WalletServiceDeps, customerId: string) {
  const proofs = await db.select().from(walletProofs).where(eq(walletProofs.customerId, customerId))
  return proofs.map(view)
}

/**
 * For the journey engine: has this customer shown that this wallet is theirs, for this order? A signed message
 * proves it for any amount; a declaration only within the limits of declared wallets (decision 084), judged with the
 * order's amount when the order is named. Without an order, a declaration counts while the customer's paid orders
 * to declared wallets stay within the rolling limit.
 */
export async function isWalletProven(
  { db, limits }: WalletContext,
  customerId: string,
  crypto: string,
  address: string,
  orderReference?: string,
): Promise<boolean> {
  // Proofs are kept for wallet coins only: any other coin has none.
  const coin = WalletCoin.safeParse(crypto)
  if (!coin.success) return false
  const proofs = await db
    .select({ method: walletProofs.method })
    .from(walletProofs)
    .where(
      and(
        eq(walletProofs.customerId, customerId),
        inArray(walletProofs.crypto, [...familyOf(coin.data)]),
        eq(walletProofs.address, normalizeWalletAddress(crypto, address)),
      ),
    )
  if (proofs.length === 0) return false
  if (proofs.some((proof) => proof.method === 'signed_message')) return true
  const declared = await db
    .select({ crypto: walletProofs.crypto, address: walletProofs.address })
    .from(walletProofs)
    .where(and(eq(walletProofs.customerId, customerId), ne(walletProofs.method, 'signed_message')))
  const matches = (wallet: DeclaredWallet, order: { crypto: WalletCoin; wallet: string }) =>
    familyOf(order.crypto).includes(wallet.crypto) &&
    normalizeWalletAddress(order.crypto, order.wallet) === wallet.address
  return limits.withinLimits(customerId, declared, matches, orderReference)
}
