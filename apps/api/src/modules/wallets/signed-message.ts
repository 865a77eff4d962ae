import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { base64, bech32, createBase58check, hex, utf8 } from '@scure/base'

/**
 * Checks that a message was signed with the key behind a wallet address, by recovering the public key from the
 * signature and deriving the address from it: EIP-191 personal_sign for EVM addresses, and the Bitcoin signed message
 * (the "Bitcoin Signed Message" prefix, with the BIP-137 header byte) for P2PKH, P2SH-P2WPKH and P2WPKH addresses.
 * Every function answers false for anything it cannot read, never throws.
 */

const base58check = createBase58check(sha256)

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

function recoverPoint(compact: Uint8Array, recovery: number, digest: Uint8Array) {
  try {
    return secp256k1.Signature.fromBytes(compact, 'compact').addRecoveryBit(recovery).recoverPublicKey(digest)
  } catch {
    return undefined
  }
}

/** keccak256("\x19Ethereum Signed Message:\n" + byte length + message), what personal_sign signs. */
export function eip191Digest(message: string): Uint8Array {
  const bytes = utf8.decode(message)
  return keccak_256(concat(utf8.decode(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes))
}

/** The 0x address of an uncompressed public key: the last 20 bytes of keccak256 of its 64 coordinate bytes. */
function evmAddressOf(uncompressed: Uint8Array): string {
  return `0x${hex.encode(keccak_256(uncompressed.subarray(1)).subarray(12))}`
}

/** personal_sign: 65 bytes r, s, v in hex; v is 27/28 (or 0/1 from some hardware wallets). */
export function verifyEip191Signature(address: string, message: string, signature: string): boolean {
  const text = signature.trim().replace(/^0x/i, '')
  if (!/^[0-9a-fA-F]{130}$/.test(text)) return false
  const bytes = hex.decode(text.toLowerCase())
  const v = bytes[64]!
  const recovery = v >= 27 ? v - 27 : v
  if (recovery !== 0 && recovery !== 1) return false
  const point = recoverPoint(bytes.subarray(0, 64), recovery, eip191Digest(message))
  return point !== undefined && evmAddressOf(point.toBytes(false)) === address.toLowerCase()
}

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff)
}

/** Double SHA-256 of varint-prefixed "Bitcoin Signed Message:\n" and the message, as Bitcoin Core signs it. */
export function bitcoinMessageDigest(message: string): Uint8Array {
  const prefix = utf8.decode('\x18Bitcoin Signed Message:\n')
  const bytes = utf8.decode(message)
  return sha256(sha256(concat(prefix, varint(bytes.length), bytes)))
}

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))

/** The mainnet addresses a public key controls, by the script types this check knows. */
function bitcoinAddressesOf(publicKey: Uint8Array, compressed: boolean) {
  const keyHash = hash160(publicKey)
  const p2pkh = base58check.encode(concat(Uint8Array.of(0x00), keyHash))
  if (!compressed) return { p2pkh }
  const redeemScript = concat(Uint8Array.of(0x00, 0x14), keyHash)
  return {
    p2pkh,
    p2shP2wpkh: base58check.encode(concat(Uint8Array.of(0x05), hash160(redeemScript))),
    p2wpkh: bech32.encode('bc', [0, ...bech32.toWords(keyHash)]),
  }
}

/**
 * Bitcoin signed message, 65 bytes in base64: a header byte, then r and s. Header 27-30: uncompressed key, P2PKH;
 * 31-34: compressed key, P2PKH; 35-38: P2SH-P2WPKH; 39-42: P2WPKH (BIP-137). Wallets disagree on which header a
 * segwit signature carries (Electrum and Trezor use 31-34 for every type), so with a compressed key the address may
 * be any of the three it controls: the signature proves the key either way.
 */
export function verifyBitcoinMessageSignature(address: string, message: string, signature: string): boolean {
  let bytes: Uint8Array
  try {
    bytes = base64.decode(signature.trim())
  } catch {
    return false
  }
  if (bytes.length !== 65) return false
  const header = bytes[0]!
  if (header < 27 || header > 42) return false
  const compressed = header >= 31
  const point = recoverPoint(bytes.subarray(1), (header - 27) & 3, bitcoinMessageDigest(message))
  if (!point) return false
  const candidates = bitcoinAddressesOf(point.toBytes(compressed), compressed)
  const wanted = address.startsWith('bc1') || address.startsWith('BC1') ? address.toLowerCase() : address
  return Object.values(candidates).includes(wanted)
}
