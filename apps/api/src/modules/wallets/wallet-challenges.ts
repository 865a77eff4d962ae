import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { WalletProofMethod } from '@exchange/shared/wallet-proofs.schemas'
import type { WalletCoin } from '@exchange/shared/wallets'
import { walletChallenges } from '../../db/tables/modules/wallets'
import { AppError } from '../../errors'
import { CHALLENGE_MAX_ATTEMPTS, CHALLENGE_TTL_MS, type WalletServiceDeps } from './wallet-deps'
import { EVM_COINS, normalizeWalletAddress, proofSchemeFor } from './wallet-schemes'

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

export async function issueChallenge(
  { db, clock, brandName }: WalletServiceDeps,
  customerId: string,
  crypto: WalletCoin,
  typedAddress: string,
) {
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
export async function takeAttempt({ db, clock }: WalletServiceDeps, customerId: string, challengeId: string) {
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
