import { randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { WalletProofMethod } from '@exchange/shared/wallet-proofs.schemas'
import type { WalletCoin } from '@exchange/shared/wallets'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { walletChallenges, walletProofs } from '../../db/schema'
import { AppError } from '../../errors'
import { verifyBitcoinMessageSignature, verifyEip191Signature } from './signed-message'

export type WalletService = ReturnType<typeof createWalletService>

/** How long a message to sign stays valid, and how many signatures may be tried on it. */
export const CHALLENGE_TTL_MS = 15 * 60 * 1000
export const CHALLENGE_MAX_ATTEMPTS = 5

const EVM_COINS: readonly string[] = ['eth', 'avax', 'usdc', 'usdt']
const TRON_COINS: readonly string[] = ['trx', 'trc']

/** Coins that share an address space: one key controls the same address on each, so one proof serves them all. */
function familyOf(crypto: string): readonly string[] {
  if (EVM_COINS.includes(crypto)) return EVM_COINS
  if (TRON_COINS.includes(crypto)) return TRON_COINS
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
 * Which scheme proves this wallet: EIP-191 for EVM addresses; the Bitcoin signed message for P2PKH ('1'), P2SH ('3',
 * P2SH-P2WPKH) and P2WPKH ('bc1q' with a 20-byte program). Taproot and script-hash segwit addresses have no
 * signed-message standard wallets agree on (BIP-322 is not yet common), so they, like the other networks, are
 * declared.
 */
export function proofSchemeFor(crypto: string, address: string): 'eip191' | 'bip137' | undefined {
  if (EVM_COINS.includes(crypto)) return 'eip191'
  if (crypto !== 'btc') return undefined
  if (/^[13]/.test(address)) return 'bip137'
  return /^bc1q[02-9ac-hj-np-z]{38}$/.test(address) ? 'bip137' : undefined
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
    crypto: proof.crypto as WalletCoin,
    address: proof.address,
    method: proof.method,
    walletProvider: proof.walletProvider,
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
  async function issueChallenge(customerId: string, crypto: WalletCoin, typedAddress: string) {
    const address = normalizeWalletAddress(crypto, typedAddress)
    const method: WalletProofMethod = proofSchemeFor(crypto, address) ? 'signed_message' : 'declaration'
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
        })
        .returning()
      await onProven?.(tx, challenge.customerId)
      return view(stored!)
    })
  }

  /** Checks the signature over the challenge's exact text with the wallet's own scheme, then remembers the wallet. */
  async function proveWithSignature(customerId: string, challengeId: string, signature: string) {
    const challenge = await takeAttempt(customerId, challengeId)
    const scheme = proofSchemeFor(challenge.crypto, challenge.address)
    if (!scheme) throw new AppError('wallet_challenge_invalid')
    const valid =
      scheme === 'eip191'
        ? verifyEip191Signature(challenge.address, challenge.message, signature)
        : verifyBitcoinMessageSignature(challenge.address, challenge.message, signature)
    if (!valid) throw new AppError('wallet_signature_invalid')
    return recordProof(challenge, {
      method: 'signed_message',
      scheme,
      signature: signature.trim(),
      walletProvider: null,
    })
  }

  /** For networks without a signature we check: the customer's declaration, naming the wallet provider. */
  async function declareWallet(customerId: string, challengeId: string, walletProvider: string) {
    const challenge = await takeAttempt(customerId, challengeId)
    if (proofSchemeFor(challenge.crypto, challenge.address)) throw new AppError('wallet_signature_required')
    return recordProof(challenge, { method: 'declaration', scheme: null, signature: null, walletProvider })
  }

  async function listWallets(customerId: string) {
    const proofs = await db.select().from(walletProofs).where(eq(walletProofs.customerId, customerId))
    return proofs.map(view)
  }

  /** For the journey engine: has this customer shown that this wallet is theirs? */
  async function isWalletProven(customerId: string, crypto: string, address: string): Promise<boolean> {
    const [proof] = await db
      .select({ id: walletProofs.id })
      .from(walletProofs)
      .where(
        and(
          eq(walletProofs.customerId, customerId),
          inArray(walletProofs.crypto, [...familyOf(crypto)]),
          eq(walletProofs.address, normalizeWalletAddress(crypto, address)),
        ),
      )
      .limit(1)
    return proof !== undefined
  }

  return { issueChallenge, proveWithSignature, declareWallet, listWallets, isWalletProven }
}
