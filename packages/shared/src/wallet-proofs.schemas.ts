import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import type { FiatCurrency } from './currencies'
import { BrandName } from './validators'
import { WalletCoin } from './wallets'

/**
 * How a wallet is shown to be the customer's (decision 084): a signed message where the coin's signature is checked;
 * a declaration of a self-hosted wallet on networks whose signatures are not checked; or, for a wallet at another
 * exchange or a custodian (which cannot sign), a declaration naming that provider, as the travel rule asks.
 */
export const WALLET_PROOF_METHODS = ['signed_message', 'declaration', 'provider_declaration'] as const
export const WalletProofMethod = z.enum(WALLET_PROOF_METHODS)
export type WalletProofMethod = z.infer<typeof WalletProofMethod>

/** What a self-hosted wallet of this coin and address is asked for; a provider's wallet is always declared. */
export const SelfHostedProofMethod = z.enum(['signed_message', 'declaration'])
export type SelfHostedProofMethod = z.infer<typeof SelfHostedProofMethod>

export const WalletChallengeAnswer = answerOf(
  successAnswer({
    data: z.object({
      challengeId: z.uuid(),
      method: SelfHostedProofMethod,
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

/**
 * A wallet held for the customer by another exchange or a custodian: the provider and the account holder, what a
 * Swiss intermediary keeps of the beneficiary's institution and name for a transfer (travel rule, decision 084).
 */
export const WalletDeclareProviderRequest = z.object({
  brandName: BrandName,
  challengeId: z.uuid(),
  /** The exchange or custodian that holds the account, e.g. "Kraken" or "Coinbase". */
  walletProvider: z.string().trim().min(2).max(100),
  /** The account holder's full name, as the provider knows it; it must be the customer. */
  accountHolder: z.string().trim().min(2).max(140),
  /** The customer confirms that the account is in their own name and that they alone may use it. */
  confirm: z.literal(true),
})

/**
 * Limits of the orders paid out to declared wallets (both kinds), per order and over a rolling window, in each fiat
 * (decision 084). Orders in several fiats add up as shares of each fiat's own limit. A signed message has no limit.
 */
export const DECLARED_WALLET_LIMITS = {
  eur: { perOrder: '1000.00', rolling: '5000.00' },
  chf: { perOrder: '1000.00', rolling: '5000.00' },
  gbp: { perOrder: '850.00', rolling: '4250.00' },
  usd: { perOrder: '1100.00', rolling: '5500.00' },
} as const satisfies Record<FiatCurrency, { perOrder: string; rolling: string }>
export const DECLARED_WALLET_WINDOW_DAYS = 30

export const ProvenWallet = z.object({
  crypto: WalletCoin,
  address: z.string(),
  method: WalletProofMethod,
  walletProvider: z.string().nullable(),
  /** A provider declaration's account holder; null otherwise. */
  accountHolder: z.string().nullable(),
  createdAt: z.string(),
})
export type ProvenWallet = z.infer<typeof ProvenWallet>

export const WalletProofAnswer = answerOf(successAnswer({ data: ProvenWallet }))
export type WalletProofAnswer = z.infer<typeof WalletProofAnswer>

export const ListWalletsRequest = z.object({ brandName: BrandName })
export const ListWalletsAnswer = answerOf(successAnswer({ data: z.array(ProvenWallet) }))
export type ListWalletsAnswer = z.infer<typeof ListWalletsAnswer>
