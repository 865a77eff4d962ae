import { randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm'
import type { WalletProofMethod } from '@exchange/shared/wallet-proofs.schemas'
import { WalletCoin } from '@exchange/shared/wallets'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { walletChallenges, walletProofs } from '../../db/tables/modules/wallets'
import { AppError } from '../../errors'
import { verifyBip322Signature, witnessProgramOf } from './bip322'
import { type DeclaredWallet, createDeclaredWalletLimits } from './declared-wallet-limits'
import { verifyBitcoinMessageSignature, verifyEip191Signature } from './signed-message'

export type WalletService = ReturnType<typeof createWalletService>

/** How long a message to sign stays valid, and how many signatures may be tried on it. */
export const CHALLENGE_TTL_MS = 15 * 60 * 1000
export const CHALLENGE_MAX_ATTEMPTS = 5

const EVM_FAMILY: readonly WalletCoin[] = ['eth', 'avax', 'usdc', 'usdt']
const TRON_FAMILY: readonly WalletCoin[] = ['trx', 'trc']
const EVM_COINS: readonly string[] = EVM_FAMILY

/** Coins that share an address space: one key controls the same address on each, so one proof serves them all. */
function familyOf(crypto: WalletCoin): readonly WalletCoin[] {
  if (EVM_FAMILY.includes(crypto)) return EVM_FAMILY
  if (TRON_FAMILY.includes(crypto)) return TRON_FAMILY
  return [crypto]
}

/** EVM addresses differ only by their checksum case; every other network's address is case-sensitive. */
export function normalizeWalletAddress(crypto: string, address: string): string {
  const trimmed = address.trim()
  if (EVM_COINS.includes(crypto)) return trimmed.toLowerCase()
  if (crypto === 'btc' && /^bc1/i.test(trimmed)) return trimmed.toLowerCase()
  return trimmed
}

/**
 * Which scheme proves this wallet (decision 084): EIP-191 for EVM addresses; the Bitcoin signed message (BIP-137) for
 * P2PKH ('1') and P2SH-P2WPKH ('3'); BIP-322 for native segwit: P2WPKH ('bc1q', where a BIP-137 signature is also
 * taken, as Electrum and Trezor make them), P2WSH and taproot ('bc1p'). The other networks have no signature checked
 * here: their self-hosted wallets are declared.
 */
export function proofSchemeFor(crypto: string, address: string): 'eip191' | 'bip137' | 'bip322' | undefined {
  if (EVM_COINS.includes(crypto)) return 'eip191'
  if (crypto !== 'btc') return undefined
  if (/^[13]/.test(address)) return 'bip137'
  return witnessProgramOf(address) ? 'bip322' : undefined
}

/** Checks a signature with the wallet's scheme; answers the scheme that proved it, or undefined. */
function checkedScheme(address: string, message: string, signature: string) {
  if (/^0x/i.test(address)) return verifyEip191Signature(address, message, signature) ? 'eip191' : undefined
  if (/^[13]/.test(address)) return verifyBitcoinMessageSignature(address, message, signature) ? 'bip137' : undefined
  if (verifyBip322Signature(address, message, signature)) return 'bip322'
  const program = witnessProgramOf(address)
  // A P2WPKH address signed the BIP-137 way proves its key as well.
  if (program?.version === 0 && program.program.length === 20)
    return verifyBitcoinMessageSignature(address, message, signature) ? 'bip137' : undefined
  return undefined
}

function challengeText(input: {
  brandName: string
  method: WalletProofMethod
  crypto: string
  address: string
  nonce: string
  issuedAt: Date
  expiresAt: Date
}) {
  const statement =
    input.method === 'signed_message'
      ? `I confirm that I control this wallet and ask ${input.brandName} to deliver the crypto I buy to it.`
      : `I declare that I alone control this wallet and ask ${input.brandName} to deliver the crypto I buy to it. I understand that a false declaration may be a criminal offence.`
  return [
    `${input.brandName}: wallet ownership`,
    '',
    statement,
    '',
    `Network: ${input.crypto.toUpperCase()}`,
    `Wallet: ${input.address}`,
    `Nonce: ${input.nonce}`,
    `Issued: ${input.issuedAt.toISOString()}`,
    `Expires: ${input.expiresAt.toISOString()}`,
  ].join('\n')
}

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

/**
 * Wallet ownership: issues a message per customer and wallet (nonce, expiry, single use), checks the signature over it
 * or takes a declaration where no signature can be checked, and remembers proven wallets. Owns `wallet_challenges`
 * and `wallet_proofs`.
 */
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

export function createWalletService({ db, clock, brandName, onProven }: WalletServiceDeps) {
  const limits = createDeclaredWalletLimits({ db, clock })

  async function issueChallenge(customerId: string, crypto: WalletCoin, typedAddress: string) {
    const address = normalizeWalletAddress(crypto, typedAddress)
    const method = proofSchemeFor(crypto, address) ? ('signed_message' as const) : ('declaration' as const)
    const issuedAt = clock.now()
    const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_TTL_MS)
    const shownAddress = EVM_COINS.includes(crypto) ? typedAddress.trim() : address
    const message = challengeText({
      brandName,
      method,
      crypto,
      address: shownAddress,
      nonce: randomBytes(16).toString('hex'),
      issuedAt,
      expiresAt,
    })
    const [challenge] = await db
      .insert(walletChallenges)
      .values({ customerId, crypto, address, message, expiresAt, createdAt: issuedAt })
      .returning({ id: walletChallenges.id })
    return { challengeId: challenge!.id, method, message, expiresAt: expiresAt.toISOString() }
  }

  /**
   * Takes one attempt on a live challenge of this customer: counted before the signature is checked, and in its own
   * statement, so wrong guesses are limited even when requests come in parallel.
   */
  async function takeAttempt(customerId: string, challengeId: string) {
    const [challenge] = await db
      .update(walletChallenges)
      .set({ attempts: sql`${walletChallenges.attempts} + 1` })
      .where(
        and(
          eq(walletChallenges.id, challengeId),
          eq(walletChallenges.customerId, customerId),
          isNull(walletChallenges.consumedAt),
          gt(walletChallenges.expiresAt, clock.now()),
          lt(walletChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
        ),
      )
      .returning()
    if (!challenge) throw new AppError('wallet_challenge_invalid')
    return challenge
  }

  async function recordProof(
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
  async function proveWithSignature(customerId: string, challengeId: string, signature: string) {
    const challenge = await takeAttempt(customerId, challengeId)
    if (!proofSchemeFor(challenge.crypto, challenge.address)) throw new AppError('wallet_challenge_invalid')
    // Only a signature checked here counts as one (decision 084).
    const scheme = checkedScheme(challenge.address, challenge.message, signature)
    if (!scheme) throw new AppError('wallet_signature_invalid')
    return recordProof(challenge, {
      method: 'signed_message',
      scheme,
      signature: signature.trim(),
      walletProvider: null,
      accountHolder: null,
    })
  }

  /** For networks without a signature we check: the customer's declaration, naming the wallet provider. */
  async function declareWallet(customerId: string, challengeId: string, walletProvider: string) {
    const challenge = await takeAttempt(customerId, challengeId)
    if (proofSchemeFor(challenge.crypto, challenge.address)) throw new AppError('wallet_signature_required')
    return recordProof(challenge, {
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
  async function declareProviderWallet(
    customerId: string,
    challengeId: string,
    input: { walletProvider: string; accountHolder: string },
  ) {
    const challenge = await takeAttempt(customerId, challengeId)
    return recordProof(challenge, {
      method: 'provider_declaration',
      scheme: null,
      signature: null,
      walletProvider: input.walletProvider,
      accountHolder: input.accountHolder,
    })
  }

  async function listWallets(customerId: string) {
    const proofs = await db.select().from(walletProofs).where(eq(walletProofs.customerId, customerId))
    return proofs.map(view)
  }

  /**
   * For the journey engine: has this customer shown that this wallet is theirs, for this order? A signed message
   * proves it for any amount; a declaration only within the limits of declared wallets (decision 084), judged with the
   * order's amount when the order is named. Without an order, a declaration counts while the customer's paid orders
   * to declared wallets stay within the rolling limit.
   */
  async function isWalletProven(
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

  return {
    issueChallenge,
    proveWithSignature,
    declareWallet,
    declareProviderWallet,
    listWallets,
    isWalletProven,
  }
}
