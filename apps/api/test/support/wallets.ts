import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { base64, bech32m, createBase58check, hex, utf8 } from '@scure/base'
import { bip322SimpleDigest } from '../../src/modules/wallets/bip322'
import { bitcoinMessageDigest, eip191Digest } from '../../src/modules/wallets/signed-message'

/**
 * The tests' own wallet: a key only they hold (derived from a fixed phrase, never funded), its bitcoin (P2PKH) and EVM
 * addresses, and signatures of a message the way wallet apps make them. A customer who is to be paid out proves it
 * through the real calls, as a person proves a wallet (decision 039).
 */
export const TEST_WALLET_KEY = sha256(utf8.decode('helvex api tests: wallet key'))

/** EIP-55: the address's hex letters in upper case where the keccak of the lower-case address has a high nibble. */
function checksummed(lower: string): string {
  const hash = hex.encode(keccak_256(utf8.decode(lower)))
  return `0x${[...lower].map((char, i) => (Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char)).join('')}`
}

export function evmAddressOfKey(key: Uint8Array): string {
  const uncompressed = secp256k1.getPublicKey(key, false)
  return checksummed(hex.encode(keccak_256(uncompressed.subarray(1)).subarray(12)))
}

export function bitcoinAddressOfKey(key: Uint8Array): string {
  const keyHash = ripemd160(sha256(secp256k1.getPublicKey(key, true)))
  return createBase58check(sha256).encode(Uint8Array.of(0x00, ...keyHash))
}

/** EIP-191 personal_sign: r, s and v (27/28) in hex, as MetaMask answers. */
export function personalSign(message: string, key: Uint8Array = TEST_WALLET_KEY): string {
  const sig = secp256k1.sign(eip191Digest(message), key, { prehash: false, format: 'recovered' })
  return `0x${hex.encode(sig.subarray(1))}${(27 + sig[0]!).toString(16)}`
}

/** Bitcoin signed message with a compressed key (header 31-34), base64, as Bitcoin Core and Electrum answer. */
export function bitcoinSign(message: string, key: Uint8Array = TEST_WALLET_KEY): string {
  const sig = secp256k1.sign(bitcoinMessageDigest(message), key, { prehash: false, format: 'recovered' })
  return base64.encode(Uint8Array.of(31 + sig[0]!, ...sig.subarray(1)))
}

export const TEST_BTC_WALLET = bitcoinAddressOfKey(TEST_WALLET_KEY)
export const TEST_ETH_WALLET = evmAddressOfKey(TEST_WALLET_KEY)

const ORDER = secp256k1.Point.Fn.ORDER
const toNumber = (bytes: Uint8Array) => BigInt(`0x${hex.encode(bytes)}`)
const toBytes32 = (n: bigint) => hex.decode(n.toString(16).padStart(64, '0'))

function tapTweak(internalX: Uint8Array): bigint {
  const tag = sha256(utf8.decode('TapTweak'))
  return toNumber(sha256(Uint8Array.of(...tag, ...tag, ...internalX))) % ORDER
}

/**
 * A taproot (BIP-86, key path only) wallet of a key: its `bc1p` address and a simple BIP-322 signature of a message,
 * as Sparrow or Bitcoin Core's signing tools make it.
 */
export function taprootWallet(key: Uint8Array) {
  const internal = secp256k1.Point.BASE.multiply(toNumber(key))
  const even = internal.y % 2n === 0n ? toNumber(key) : ORDER - toNumber(key)
  const internalX = internal.toBytes(true).subarray(1)
  const tweaked = (even + tapTweak(internalX)) % ORDER
  const outputX = secp256k1.Point.BASE.multiply(tweaked).toBytes(true).subarray(1)
  const address = bech32m.encode('bc', [1, ...bech32m.toWords(outputX)])
  return {
    address,
    sign(message: string): string {
      const signature = schnorr.sign(bip322SimpleDigest(message, address)!, toBytes32(tweaked))
      return base64.encode(Uint8Array.of(1, 64, ...signature))
    },
  }
}
