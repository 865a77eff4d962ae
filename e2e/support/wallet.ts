import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { base64, createBase58check, hex, utf8 } from '@scure/base'

/**
 * The journeys' own wallet: a key only they hold (from a fixed phrase, never funded), its bitcoin (P2PKH) and EVM
 * addresses, and signatures made as wallet apps make them, with the same audited libraries the api checks them with.
 */
const WALLET_KEY = sha256(utf8.decode('helvex e2e journeys: wallet key'))

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** EIP-55 checksum case, as wallets show an address. */
function checksummed(lower: string): string {
  const hash = hex.encode(keccak_256(utf8.decode(lower)))
  return `0x${[...lower].map((char, i) => (Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char)).join('')}`
}

export const EVM_WALLET = checksummed(
  hex.encode(keccak_256(secp256k1.getPublicKey(WALLET_KEY, false).subarray(1)).subarray(12)),
)
export const BTC_WALLET = createBase58check(sha256).encode(
  concat(Uint8Array.of(0x00), ripemd160(sha256(secp256k1.getPublicKey(WALLET_KEY, true)))),
)

/** EIP-191 personal_sign of the message, r s v in hex, as MetaMask answers. */
export function personalSign(message: string, key: Uint8Array = WALLET_KEY): string {
  const bytes = utf8.decode(message)
  const digest = keccak_256(concat(utf8.decode(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes))
  const sig = secp256k1.sign(digest, key, { prehash: false, format: 'recovered' })
  return `0x${hex.encode(sig.subarray(1))}${(27 + sig[0]!).toString(16)}`
}

/** Bitcoin signed message with the compressed key, base64, as Electrum answers. */
export function bitcoinSign(message: string, key: Uint8Array = WALLET_KEY): string {
  const bytes = utf8.decode(message)
  const prefix = utf8.decode('\x18Bitcoin Signed Message:\n')
  // The message length as Bitcoin's varint: one byte below 0xfd, else 0xfd and two bytes, little-endian.
  const length =
    bytes.length < 0xfd ? Uint8Array.of(bytes.length) : Uint8Array.of(0xfd, bytes.length & 0xff, bytes.length >> 8)
  const digest = sha256(sha256(concat(prefix, length, bytes)))
  const sig = secp256k1.sign(digest, key, { prehash: false, format: 'recovered' })
  return base64.encode(Uint8Array.of(31 + sig[0]!, ...sig.subarray(1)))
}
