import type { WalletCoin } from '@exchange/shared/wallets'
import { verifyBip322Signature, witnessProgramOf } from './bip322'
import { verifyBitcoinMessageSignature, verifyEip191Signature } from './signed-message'

const EVM_FAMILY: readonly WalletCoin[] = ['eth', 'avax', 'usdc', 'usdt']
const TRON_FAMILY: readonly WalletCoin[] = ['trx', 'trc']
export const EVM_COINS: readonly string[] = EVM_FAMILY

/** Coins that share an address space: one key controls the same address on each, so one proof serves them all. */
export function familyOf(crypto: WalletCoin): readonly WalletCoin[] {
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
export function checkedScheme(address: string, message: string, signature: string) {
  if (/^0x/i.test(address)) return verifyEip191Signature(address, message, signature) ? 'eip191' : undefined
  if (/^[13]/.test(address)) return verifyBitcoinMessageSignature(address, message, signature) ? 'bip137' : undefined
  if (verifyBip322Signature(address, message, signature)) return 'bip322'
  const program = witnessProgramOf(address)
  // A P2WPKH address signed the BIP-137 way proves its key as well.
  if (program?.version === 0 && program.program.length === 20)
    return verifyBitcoinMessageSignature(address, message, signature) ? 'bip137' : undefined
  return undefined
}
