import { blake2b } from '@noble/hashes/blake2.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base58, bech32, bech32m, createBase58check, utf8 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { isValidWalletAddress, walletAddressSchema } from './wallet-addresses'
import { PLACEHOLDER_WALLET, WALLET_COINS } from './wallets'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const XRP_BASE58 = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz'
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const base58check = createBase58check(sha256)

/** Genuine published mainnet addresses, with where each comes from. */
const REAL = {
  btc: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // genesis block coinbase (P2PKH)
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // Bitcoin wiki P2SH example
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // BIP173 vector, v0 20-byte program (P2WPKH)
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // BIP173 vector, v0 32-byte program (P2WSH)
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // BIP350 vector, taproot
  ],
  eth: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // EIP-55 examples
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0xdAC17F958D2ee523a2206206994597C13D831ec7', // Tether USD contract
    '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', // USD Coin contract
  ],
  xrp: [
    'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', // genesis account
    'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', // XRPL documentation example
  ],
  trx: [
    'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', // TRON documentation example
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // USDT (TRC-20) contract
    'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', // USDC (TRC-20) contract
  ],
  dot: [
    '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', // Polkadot wiki examples
    '1FRMM8PEiWXYax7rpS6X4XZX1aAAxSWx1CrKTyrVYhV24fg',
  ],
  eos: ['binancecleos', 'huobideposit'], // exchange deposit accounts
  ada: [
    // CIP-19 mainnet vectors: base addresses of types 0-3 and enterprise addresses of types 6-7.
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
    'addr1z8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gten0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs9yc0hh',
    'addr1yx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerkr0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shs2z78ve',
    'addr1x8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gt7r0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shskhj42g',
    'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8',
    'addr1w8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcyjy7wx',
  ],
} as const

/** Every copy of `address` with one character replaced by another of `alphabet`. */
function substitutions(address: string, alphabet: string): string[] {
  return [...address].flatMap((original, i) =>
    [...alphabet].filter((c) => c !== original).map((c) => address.slice(0, i) + c + address.slice(i + 1)),
  )
}

/** Every copy of `address` with two neighbouring, different characters swapped. */
function adjacentSwaps(address: string): string[] {
  return [...address].slice(0, -1).flatMap((a, i) => {
    const b = address.charAt(i + 1)
    return a === b ? [] : [address.slice(0, i) + b + a + address.slice(i + 2)]
  })
}

function typos(address: string, alphabet: string): string[] {
  return [...substitutions(address, alphabet), ...adjacentSwaps(address)]
}

/** A copy of an EIP-55 address with the case of each letter flipped in turn. */
function caseFlips(address: string): string[] {
  return [...address].flatMap((c, i) => {
    if (i < 2 || !/[a-f]/i.test(c)) return []
    const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()
    return [address.slice(0, i) + flipped + address.slice(i + 1)]
  })
}

function accepted(coin: string, candidates: string[]): string[] {
  return candidates.filter((candidate) => isValidWalletAddress(coin, candidate))
}

/** SS58 as Substrate writes it, to build addresses of other networks from a real Polkadot key. */
function ss58(prefix: number, publicKey: Uint8Array): string {
  const body = new Uint8Array([prefix, ...publicKey])
  const checksum = blake2b(new Uint8Array([...utf8.decode('SS58PRE'), ...body])).subarray(0, 2)
  return base58.encode(new Uint8Array([...body, ...checksum]))
}

describe('btc', () => {
  it.each(REAL.btc)('accepts %s', (address) => {
    expect(isValidWalletAddress('btc', address)).toBe(true)
  })

  it('accepts a bech32 address written all upper-case, as BIP173 allows', () => {
    expect(isValidWalletAddress('btc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true)
  })

  it.each(REAL.btc.filter((a) => !a.startsWith('bc1')))('refuses every one-character typo of %s', (address) => {
    expect(accepted('btc', typos(address, BASE58))).toEqual([])
  })

  it.each(REAL.btc.filter((a) => a.startsWith('bc1')))('refuses every one-character typo of %s', (address) => {
    expect(accepted('btc', typos(address, BECH32))).toEqual([])
  })

  it('refuses mixed case in a bech32 address', () => {
    expect(isValidWalletAddress('btc', 'bc1qW508D6QEJxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false)
  })

  it('refuses testnet addresses', () => {
    expect(isValidWalletAddress('btc', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7')).toBe(false)
    const genesisHash = base58check.decode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa').subarray(1)
    expect(isValidWalletAddress('btc', base58check.encode(new Uint8Array([0x6f, ...genesisHash])))).toBe(false)
  })

  it('refuses a checksummed address that starts with 3 but carries another version than P2SH', () => {
    const scriptHash = base58check.decode('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy').subarray(1)
    const address = base58check.encode(new Uint8Array([0x06, ...scriptHash]))
    expect(address.startsWith('3')).toBe(true)
    expect(isValidWalletAddress('btc', address)).toBe(false)
  })

  it('refuses segwit v0 under a bech32m checksum and taproot under a bech32 checksum', () => {
    const v0 = bech32.decode('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
    const v1 = bech32m.decode('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')
    expect(isValidWalletAddress('btc', bech32m.encode('bc', v0.words))).toBe(false)
    expect(isValidWalletAddress('btc', bech32.encode('bc', v1.words))).toBe(false)
  })

  it('refuses witness programs of the wrong length and witness versions not yet defined', () => {
    const twentyBytes = bech32.fromWords(bech32.decode('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4').words.slice(1))
    expect(isValidWalletAddress('btc', bech32m.encode('bc', [1, ...bech32m.toWords(twentyBytes)]))).toBe(false)
    expect(isValidWalletAddress('btc', bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(21))]))).toBe(false)
    // BIP350 vectors: well-formed bech32m addresses for witness versions 2 and 16.
    expect(isValidWalletAddress('btc', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs')).toBe(false)
    expect(isValidWalletAddress('btc', 'BC1SW50QGDZ25J')).toBe(false)
  })
})

describe('eth, avax, usdc and usdt', () => {
  const evmCoins = ['eth', 'avax', 'usdc', 'usdt'] as const

  it.each(evmCoins.flatMap((coin) => REAL.eth.map((address) => [coin, address] as const)))(
    '%s accepts %s',
    (coin, address) => {
      expect(isValidWalletAddress(coin, address)).toBe(true)
    },
  )

  it.each(REAL.eth)('accepts %s written all lower-case or all upper-case, which carries no checksum', (address) => {
    expect(isValidWalletAddress('eth', `0x${address.slice(2).toLowerCase()}`)).toBe(true)
    expect(isValidWalletAddress('eth', `0x${address.slice(2).toUpperCase()}`)).toBe(true)
  })

  it.each(REAL.eth)('refuses %s with the case of any one letter changed', (address) => {
    expect(accepted('eth', caseFlips(address))).toEqual([])
  })

  it.each(REAL.eth)('refuses %s with any one hex digit changed or two neighbours swapped', (address) => {
    const lowerTypos = typos(address, '0123456789abcdef').filter((t) => t.startsWith('0x'))
    const upperTypos = substitutions(address, 'ABCDEF').filter((t) => t.startsWith('0x'))
    expect(accepted('eth', [...lowerTypos, ...upperTypos])).toEqual([])
  })

  it.each([
    '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed0',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg',
  ])('refuses %s, which is not 0x and 40 hex digits', (address) => {
    expect(isValidWalletAddress('eth', address)).toBe(false)
  })
})

describe('xrp', () => {
  it.each(REAL.xrp)('accepts %s', (address) => {
    expect(isValidWalletAddress('xrp', address)).toBe(true)
  })

  it.each(REAL.xrp)('refuses every one-character typo of %s', (address) => {
    expect(accepted('xrp', typos(address, XRP_BASE58))).toEqual([])
  })

  it('refuses addresses of other networks', () => {
    expect(isValidWalletAddress('xrp', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false)
    expect(isValidWalletAddress('xrp', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false)
  })
})

describe('trx and trc', () => {
  it.each(['trx', 'trc'].flatMap((coin) => REAL.trx.map((address) => [coin, address] as const)))(
    '%s accepts %s',
    (coin, address) => {
      expect(isValidWalletAddress(coin, address)).toBe(true)
    },
  )

  it.each(REAL.trx)('refuses every one-character typo of %s', (address) => {
    expect(accepted('trx', typos(address, BASE58))).toEqual([])
  })

  it('refuses a checksummed address that starts with T but carries another version than 0x41', () => {
    const account = base58check.decode('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7').subarray(1)
    const address = base58check.encode(new Uint8Array([0x42, ...account]))
    expect(address).toMatch(/^T.{33}$/)
    expect(isValidWalletAddress('trx', address)).toBe(false)
  })

  it('refuses a Bitcoin address', () => {
    expect(isValidWalletAddress('trc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false)
  })
})

describe('dot', () => {
  it.each(REAL.dot)('accepts %s', (address) => {
    expect(isValidWalletAddress('dot', address)).toBe(true)
  })

  it.each(REAL.dot)('refuses every one-character typo of %s', (address) => {
    expect(accepted('dot', typos(address, BASE58))).toEqual([])
  })

  it('refuses the same key on Kusama and on generic Substrate', () => {
    const key = base58.decode('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5').subarray(1, 33)
    expect(ss58(0, key)).toBe('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')
    expect(isValidWalletAddress('dot', ss58(2, key))).toBe(false)
    expect(isValidWalletAddress('dot', ss58(42, key))).toBe(false)
    // Alice's well-known development account, generic Substrate prefix 42.
    expect(isValidWalletAddress('dot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe(false)
  })
})

describe('eos (account names carry no checksum, so only the shape is checked)', () => {
  it.each(REAL.eos)('accepts %s', (name) => {
    expect(isValidWalletAddress('eos', name)).toBe(true)
  })

  it.each(['eosio.token', 'binancecleo', 'binancecleos1', 'BINANCECLEOS', 'binancecle06', 'binance-leos'])(
    'refuses %s, which is not 12 characters from a-z and 1-5',
    (name) => {
      expect(isValidWalletAddress('eos', name)).toBe(false)
    },
  )
})

describe('ada', () => {
  it.each(REAL.ada)('accepts %s', (address) => {
    expect(isValidWalletAddress('ada', address)).toBe(true)
  })

  it.each(REAL.ada)('refuses every one-character typo of %s', (address) => {
    expect(accepted('ada', typos(address, BECH32))).toEqual([])
  })

  it.each([
    [
      'a testnet address',
      'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae',
    ],
    ['a stake address', 'stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw'],
    ['a pointer address', 'addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k'],
    ['a Byron address', 'Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi'],
    ['an upper-case address', 'ADDR1VX2FXV2UMYHTTKXYXP8X0DLPDT3K6CWNG5PXJ3JHSYDZERS66HRL8'],
  ])('refuses %s', (_kind, address) => {
    expect(isValidWalletAddress('ada', address)).toBe(false)
  })

  it('refuses a well-formed address whose header names testnet or whose length does not fit its type', () => {
    const payload = bech32.fromWords(bech32.decode('addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8').words)
    const testnetHeader = new Uint8Array([0x60, ...payload.subarray(1)])
    const baseHeader = new Uint8Array([0x01, ...payload.subarray(1)])
    expect(isValidWalletAddress('ada', bech32.encode('addr', bech32.toWords(testnetHeader), 1023))).toBe(false)
    expect(isValidWalletAddress('ada', bech32.encode('addr', bech32.toWords(baseHeader), 1023))).toBe(false)
  })
})

describe('isValidWalletAddress', () => {
  it('covers every coin the exchange sells', () => {
    expect([...WALLET_COINS].sort()).toEqual([
      'ada',
      'avax',
      'btc',
      'dot',
      'eos',
      'eth',
      'trc',
      'trx',
      'usdc',
      'usdt',
      'xrp',
    ])
  })

  it.each(WALLET_COINS)('refuses an empty address and the placeholder for %s', (coin) => {
    expect(isValidWalletAddress(coin, '')).toBe(false)
    expect(isValidWalletAddress(coin, PLACEHOLDER_WALLET)).toBe(false)
  })

  it.each(['doge', 'sol', '', 'constructor', '__proto__'])('refuses any address for the unknown coin %j', (coin) => {
    expect(isValidWalletAddress(coin, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false)
    expect(isValidWalletAddress(coin, 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L')).toBe(false)
  })

  it('matches the coin whatever its case', () => {
    expect(isValidWalletAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true)
  })

  it('refuses surrounding whitespace, which the caller trims', () => {
    expect(isValidWalletAddress('btc', ' 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false)
    expect(isValidWalletAddress('eos', 'binancecleos\n')).toBe(false)
  })
})

describe('walletAddressSchema', () => {
  it('trims the address before checking it', () => {
    expect(walletAddressSchema('btc').parse('  1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa\t')).toBe(
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    )
  })

  it("answers 'Please enter a valid {COIN} wallet address'", () => {
    const btc = walletAddressSchema('btc').safeParse('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')
    const usdt = walletAddressSchema('usdt').safeParse('')
    expect(btc.error?.issues[0]?.message).toBe('Please enter a valid BTC wallet address')
    expect(usdt.error?.issues[0]?.message).toBe('Please enter a valid USDT wallet address')
  })

  it('refuses every address for an unknown coin', () => {
    expect(walletAddressSchema('doge').safeParse('DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L').success).toBe(false)
  })
})
