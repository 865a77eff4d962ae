import { blake2b } from '@noble/hashes/blake2.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { base58, base58xrp, bech32, bech32m, createBase58check, hex, utf8 } from '@scure/base'
import { z } from 'zod'
import { WalletCoin, walletAddressMessage } from './wallets'

/**
 * Wallet addresses by coin (spec section 5). The spec gives only the shape of each address; every check
 * here also verifies the network's own checksum, because coins sent to a mistyped address are lost and
 * a shape rule lets most one-character typos through. The hashing and encoding libraries are most of the
 * web's signed-in first load after Mantine and React, so the web loads this module on demand
 * (`lib/wallet-address-check.ts`, decision 119); what needs no checksum is in `wallets.ts`.
 */

const BITCOIN_BASE58_SHAPE = /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/
const XRP_SHAPE = /^r[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]{24,34}$/
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/
const POLKADOT_SHAPE = /^1[1-9A-HJ-NP-Za-km-z]{46,47}$/

/** Version byte, payload and a 4-byte double-SHA-256 checksum, as Bitcoin and TRON write them. */
const base58check = createBase58check(sha256)

/** Decodes or answers undefined, so that each check reads as a chain of conditions. */
function attempt<T>(decode: () => T): T | undefined {
  try {
    return decode()
  } catch {
    return undefined
  }
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/** Legacy P2PKH (version 0x00, '1…') and P2SH (version 0x05, '3…'). */
function isBitcoinBase58Address(address: string): boolean {
  if (!BITCOIN_BASE58_SHAPE.test(address)) return false
  const payload = attempt(() => base58check.decode(address))
  return payload?.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05)
}

/**
 * Native segwit per BIP173/BIP350: v0 must carry a bech32 checksum and a 20- or 32-byte program, v1
 * (taproot) a bech32m checksum and a 32-byte program. Versions 2 to 16 are valid encodings but not yet
 * defined by consensus, so coins sent there could be taken by anyone: they are refused. The library
 * refuses mixed case, as BIP173 asks.
 */
function isBitcoinSegwitAddress(address: string): boolean {
  if (!/^bc1/i.test(address)) return false
  const v0 = attempt(() => bech32.decode(address))
  if (v0?.prefix === 'bc' && v0.words[0] === 0) {
    const program = attempt(() => bech32.fromWords(v0.words.slice(1)))
    return program?.length === 20 || program?.length === 32
  }
  const v1 = attempt(() => bech32m.decode(address))
  if (v1?.prefix === 'bc' && v1.words[0] === 1) {
    return attempt(() => bech32m.fromWords(v1.words.slice(1)))?.length === 32
  }
  return false
}

function isBitcoinAddress(address: string): boolean {
  return isBitcoinBase58Address(address) || isBitcoinSegwitAddress(address)
}

/**
 * '0x' and 40 hex digits. Mixed case is an EIP-55 checksum: a letter is upper-case exactly where the
 * keccak-256 of the lower-case address has a nibble of 8 or more. One case throughout carries no
 * checksum, and wallets still hand such addresses out, so they pass on shape alone.
 */
function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false
  const digits = address.slice(2)
  const lower = digits.toLowerCase()
  if (digits === lower || digits === digits.toUpperCase()) return true
  const hash = hex.encode(keccak_256(utf8.decode(lower)))
  return [...digits].every((char, i) => {
    const upper = parseInt(hash.charAt(i), 16) >= 8
    return char === (upper ? char.toUpperCase() : char.toLowerCase())
  })
}

/**
 * Classic XRP address: version 0x00, a 20-byte account id and the same double-SHA-256 checksum as
 * Bitcoin, written in Ripple's base58 alphabet. Re-spelling the bytes in the Bitcoin alphabet lets the
 * library check the checksum.
 */
function isXrpAddress(address: string): boolean {
  if (!XRP_SHAPE.test(address)) return false
  const payload = attempt(() => base58check.decode(base58.encode(base58xrp.decode(address))))
  return payload?.length === 21 && payload[0] === 0x00
}

/** TRON: base58check of 0x41 and a 20-byte account id, which always spells 34 characters from 'T'. */
function isTronAddress(address: string): boolean {
  if (!TRON_SHAPE.test(address)) return false
  const payload = attempt(() => base58check.decode(address))
  return payload?.length === 21 && payload[0] === 0x41
}

const SS58_CONTEXT = utf8.decode('SS58PRE')
const POLKADOT_PREFIX = 0

/**
 * SS58 with Polkadot's network prefix 0: prefix byte, 32-byte public key, and the first two bytes of
 * blake2b-512 over 'SS58PRE', prefix and key. Other Substrate networks share the key but not the prefix.
 */
function isPolkadotAddress(address: string): boolean {
  if (!POLKADOT_SHAPE.test(address)) return false
  const bytes = attempt(() => base58.decode(address))
  if (bytes?.length !== 35 || bytes[0] !== POLKADOT_PREFIX) return false
  const body = bytes.subarray(0, 33)
  const checksum = blake2b(new Uint8Array([...SS58_CONTEXT, ...body])).subarray(0, 2)
  return bytesEqual(checksum, bytes.subarray(33))
}

/** EOS account names carry no checksum, so only the spec's shape can be checked. */
function isEosAccountName(address: string): boolean {
  return /^[a-z1-5]{12}$/.test(address)
}

const CARDANO_MAINNET = 1
/** Header type (high nibble) to the payload length: base addresses 0-3, enterprise addresses 6-7. */
const CARDANO_PAYLOAD_BYTES: Partial<Record<number, number>> = { 0: 57, 1: 57, 2: 57, 3: 57, 6: 29, 7: 29 }

/**
 * Shelley mainnet payment address (CIP-19), checked by its bech32 checksum. The spec's "addr1 plus 58
 * characters" fits no common address: an enterprise address is 58 characters in all (addr1 plus 53),
 * and the base address most wallets hand out is addr1 plus 98. Both are accepted when their header says
 * mainnet and their length matches their type. Pointer addresses (types 4-5) are refused: they are
 * deprecated since the Conway era and wallets no longer hand them out. Byron addresses, testnet and
 * stake addresses are refused as well. Cardano addresses exceed bech32's usual 90-character limit,
 * hence the larger limit.
 */
function isCardanoAddress(address: string): boolean {
  if (!/^addr1[a-z0-9]+$/.test(address)) return false
  const decoded = attempt(() => bech32.decode(address, 1023))
  if (decoded?.prefix !== 'addr') return false
  const payload = attempt(() => bech32.fromWords(decoded.words))
  const header = payload?.[0]
  if (payload === undefined || header === undefined) return false
  return (header & 0x0f) === CARDANO_MAINNET && CARDANO_PAYLOAD_BYTES[header >> 4] === payload.length
}

const CHECKS: Record<WalletCoin, (address: string) => boolean> = {
  btc: isBitcoinAddress,
  eth: isEvmAddress,
  avax: isEvmAddress,
  usdc: isEvmAddress,
  usdt: isEvmAddress,
  xrp: isXrpAddress,
  trx: isTronAddress,
  trc: isTronAddress,
  dot: isPolkadotAddress,
  eos: isEosAccountName,
  ada: isCardanoAddress,
}

/**
 * Whether `address` is a valid mainnet address for `coin`; an unknown coin is never valid. The coin is
 * matched case-insensitively since tickers are shown upper-case. The address is checked exactly as
 * given: trimming is the caller's (the schema below trims).
 */
export function isValidWalletAddress(coin: string, address: string): boolean {
  const known = WalletCoin.safeParse(coin.toLowerCase())
  return known.success && CHECKS[known.data](address)
}

/** A wallet address as typed for `coin`: trimmed, then checked with the network's checksum. */
export function walletAddressSchema(coin: string) {
  return z
    .string({ error: walletAddressMessage(coin) })
    .trim()
    .refine((address) => isValidWalletAddress(coin, address), walletAddressMessage(coin))
}
