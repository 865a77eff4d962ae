import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64, hex } from '@scure/base'
import { describe, expect, it } from 'vitest'
import {
  bitcoinMessageDigest,
  eip191Digest,
  verifyBitcoinMessageSignature,
  verifyEip191Signature,
} from './signed-message'

/** Private key 1: its addresses are BIP-173's own example and well-known test addresses (checked with Python). */
const KEY_ONE = hex.decode('0000000000000000000000000000000000000000000000000000000000000001')
const KEY_ONE_P2PKH = '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH'
const KEY_ONE_P2SH_P2WPKH = '3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN'
const KEY_ONE_P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

/** A Bitcoin signed message the way wallets make it: BIP-137 header (27 + recovery + 4 compressed + type offset). */
function signBitcoin(message: string, privateKey: Uint8Array, typeOffset: 0 | 4 | 8 | 12) {
  const recovered = secp256k1.sign(bitcoinMessageDigest(message), privateKey, { prehash: false, format: 'recovered' })
  const header = 27 + recovered[0]! + typeOffset
  return base64.encode(Uint8Array.of(header, ...recovered.subarray(1)))
}

function signEvm(message: string, privateKey: Uint8Array) {
  const recovered = secp256k1.sign(eip191Digest(message), privateKey, { prehash: false, format: 'recovered' })
  return `0x${hex.encode(recovered.subarray(1))}${(27 + recovered[0]!).toString(16)}`
}

describe('EIP-191 personal_sign', () => {
  // The example of web3.js's documentation, web3.eth.accounts.sign('Some data', key), reproduced by many libraries.
  const WEB3_KEY = hex.decode('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318')
  const WEB3_ADDRESS = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23'
  const WEB3_SIGNATURE =
    '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c'

  it('hashes the message as personal_sign does (published vector)', () => {
    expect(hex.encode(eip191Digest('Some data'))).toBe(
      '1da44b586eb0729ff70a73c326926f6ed5a25f5b056e7f47fbc6e58d86871655',
    )
  })

  it('accepts the published signature for its address, in any letter case', () => {
    expect(verifyEip191Signature(WEB3_ADDRESS, 'Some data', WEB3_SIGNATURE)).toBe(true)
    expect(verifyEip191Signature(WEB3_ADDRESS.toLowerCase(), 'Some data', WEB3_SIGNATURE.toUpperCase())).toBe(true)
  })

  it('accepts v as 0/1 and a freshly made signature of a known key', () => {
    const zeroBased = `${WEB3_SIGNATURE.slice(0, -2)}01`
    expect(verifyEip191Signature(WEB3_ADDRESS, 'Some data', zeroBased)).toBe(true)
    expect(verifyEip191Signature(WEB3_ADDRESS, 'Wallet check 42', signEvm('Wallet check 42', WEB3_KEY))).toBe(true)
  })

  it('refuses another message, another address, another key and anything unreadable', () => {
    expect(verifyEip191Signature(WEB3_ADDRESS, 'Some data!', WEB3_SIGNATURE)).toBe(false)
    expect(verifyEip191Signature('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Some data', WEB3_SIGNATURE)).toBe(false)
    expect(verifyEip191Signature(WEB3_ADDRESS, 'Some data', signEvm('Some data', KEY_ONE))).toBe(false)
    expect(verifyEip191Signature(WEB3_ADDRESS, 'Some data', `${WEB3_SIGNATURE.slice(0, -2)}1d`)).toBe(false)
    expect(verifyEip191Signature(WEB3_ADDRESS, 'Some data', '0x1234')).toBe(false)
    expect(verifyEip191Signature(WEB3_ADDRESS, 'Some data', `0x${'00'.repeat(65)}`)).toBe(false)
  })
})

describe('Bitcoin signed message', () => {
  // bitcoinjs-message's README example (key L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1).
  const README_ADDRESS = '1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV'
  const README_MESSAGE = 'This is an example of a signed message.'
  const README_SIGNATURE = 'H9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk='

  it('accepts the published P2PKH example and refuses it for another message or address', () => {
    expect(verifyBitcoinMessageSignature(README_ADDRESS, README_MESSAGE, README_SIGNATURE)).toBe(true)
    expect(verifyBitcoinMessageSignature(README_ADDRESS, `${README_MESSAGE} `, README_SIGNATURE)).toBe(false)
    expect(verifyBitcoinMessageSignature('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', README_MESSAGE, README_SIGNATURE)).toBe(
      false,
    )
  })

  it('proves the legacy, nested and native segwit addresses of a known key with their BIP-137 headers', () => {
    const message = 'Helvex: wallet ownership\nNonce: 00ff'
    expect(verifyBitcoinMessageSignature(KEY_ONE_P2PKH, message, signBitcoin(message, KEY_ONE, 4))).toBe(true)
    expect(verifyBitcoinMessageSignature(KEY_ONE_P2SH_P2WPKH, message, signBitcoin(message, KEY_ONE, 8))).toBe(true)
    expect(verifyBitcoinMessageSignature(KEY_ONE_P2WPKH, message, signBitcoin(message, KEY_ONE, 12))).toBe(true)
    expect(
      verifyBitcoinMessageSignature(KEY_ONE_P2WPKH.toUpperCase(), message, signBitcoin(message, KEY_ONE, 12)),
    ).toBe(true)
  })

  it('accepts a segwit address signed with the compressed-key header, as Electrum and Trezor sign', () => {
    const message = 'segwit with header 31-34'
    expect(verifyBitcoinMessageSignature(KEY_ONE_P2WPKH, message, signBitcoin(message, KEY_ONE, 4))).toBe(true)
  })

  it('refuses an uncompressed-key header for a segwit address, and other keys', () => {
    const message = 'uncompressed'
    expect(verifyBitcoinMessageSignature(KEY_ONE_P2WPKH, message, signBitcoin(message, KEY_ONE, 0))).toBe(false)
    expect(verifyBitcoinMessageSignature(KEY_ONE_P2PKH, message, signBitcoin(message, KEY_ONE, 0))).toBe(false)
    const otherKey = hex.decode('0000000000000000000000000000000000000000000000000000000000000002')
    expect(verifyBitcoinMessageSignature(KEY_ONE_P2WPKH, message, signBitcoin(message, otherKey, 12))).toBe(false)
    expect(verifyBitcoinMessageSignature(KEY_ONE_P2WPKH, message, 'not base64!')).toBe(false)
    expect(verifyBitcoinMessageSignature(KEY_ONE_P2WPKH, message, base64.encode(new Uint8Array(65)))).toBe(false)
  })
})
