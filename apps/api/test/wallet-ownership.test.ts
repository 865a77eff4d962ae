import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64, createBase58check, hex } from '@scure/base'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { walletChallenges, walletProofs } from '../src/db/tables/modules/wallets'
import { bitcoinMessageDigest, eip191Digest } from '../src/modules/wallets/signed-message'
import { CHALLENGE_TTL_MS, createWalletService } from '../src/modules/wallets/wallets.service'
import { BRAND, type TestApp, buildTestApp, callUser, signUpVerified } from './support'
import { taprootWallet } from './support/wallets'

/** The web3.js documentation's test key and its address; private key 1 and its native segwit address (BIP-173). */
const EVM_KEY = hex.decode('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318')
const EVM_ADDRESS = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23'
const KEY_ONE = hex.decode('0000000000000000000000000000000000000000000000000000000000000001')
const KEY_ONE_P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const OTHER_KEY = hex.decode('0000000000000000000000000000000000000000000000000000000000000002')
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'

function personalSign(message: string, key: Uint8Array) {
  const sig = secp256k1.sign(eip191Digest(message), key, { prehash: false, format: 'recovered' })
  return `0x${hex.encode(sig.subarray(1))}${(27 + sig[0]!).toString(16)}`
}

function bitcoinSign(message: string, key: Uint8Array) {
  const sig = secp256k1.sign(bitcoinMessageDigest(message), key, { prehash: false, format: 'recovered' })
  return base64.encode(Uint8Array.of(27 + sig[0]! + 12, ...sig.subarray(1)))
}

let t: TestApp
afterEach(async () => {
  await t?.close()
})

async function customerIdOf(email: string) {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
  return row!.id
}

async function challenge(token: string, crypto: string, address: string) {
  return callUser(t.app, 'walletChallenge', token, { wallet: { crypto, address } })
}

describe('wallet ownership', () => {
  it('proves an EVM wallet by a personal_sign signature of the issued message and remembers it', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const issued = await challenge(customer.token, 'eth', EVM_ADDRESS)
    expect(issued.body).toEqual({
      result: true,
      data: {
        challengeId: expect.any(String),
        method: 'signed_message',
        message: expect.stringContaining(`Wallet: ${EVM_ADDRESS}`),
        expiresAt: new Date(t.clock.now().getTime() + CHALLENGE_TTL_MS).toISOString(),
      },
    })
    expect(issued.body.data.message).toMatch(/Nonce: [0-9a-f]{32}/)
    const proved = await callUser(t.app, 'walletProve', customer.token, {
      challengeId: issued.body.data.challengeId,
      signature: personalSign(issued.body.data.message, EVM_KEY),
    })
    expect(proved.body).toEqual({
      result: true,
      data: {
        crypto: 'eth',
        address: EVM_ADDRESS.toLowerCase(),
        method: 'signed_message',
        walletProvider: null,
        accountHolder: null,
        createdAt: expect.any(String),
      },
    })
    expect((await callUser(t.app, 'walletList', customer.token)).body.data).toHaveLength(1)

    const wallets = createWalletService({ db: t.db, clock: t.clock, brandName: BRAND })
    const [proof] = await t.db.select().from(walletProofs)
    expect(proof).toMatchObject({ customerId: expect.any(String), scheme: 'eip191', method: 'signed_message' })
    // One key controls the same address on every EVM network.
    expect(await wallets.isWalletProven(proof!.customerId, 'usdc', EVM_ADDRESS)).toBe(true)
    expect(await wallets.isWalletProven(proof!.customerId, 'btc', EVM_ADDRESS)).toBe(false)
    expect(await wallets.isWalletProven(proof!.customerId, 'eth', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(
      false,
    )
  })

  it('refuses a wrong signature, stores nothing, and stops after five tries', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const { challengeId, message } = (await challenge(customer.token, 'eth', EVM_ADDRESS)).body.data
    for (const signature of [
      personalSign(message, OTHER_KEY),
      personalSign(`${message}\n`, EVM_KEY),
      `0x${'11'.repeat(65)}`,
      'not a signature',
      personalSign(message, OTHER_KEY),
    ]) {
      const answer = await callUser(t.app, 'walletProve', customer.token, { challengeId, signature })
      expect(answer.body).toEqual({ result: false, error: 'wallet_signature_invalid' })
    }
    const tooLate = await callUser(t.app, 'walletProve', customer.token, {
      challengeId,
      signature: personalSign(message, EVM_KEY),
    })
    expect(tooLate.body).toEqual({ result: false, error: 'wallet_challenge_invalid' })
    expect(await t.db.select().from(walletProofs)).toHaveLength(0)
    const [stored] = await t.db.select().from(walletChallenges)
    expect(stored).toMatchObject({ attempts: 5, consumedAt: null })
  })

  it('uses a message once, lets it expire, and keeps it to the customer it was issued to', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const other = await signUpVerified(t)
    const first = (await challenge(customer.token, 'eth', EVM_ADDRESS)).body.data
    const signature = personalSign(first.message, EVM_KEY)
    const stolen = await callUser(t.app, 'walletProve', other.token, { challengeId: first.challengeId, signature })
    expect(stolen.body.error).toBe('wallet_challenge_invalid')
    expect(
      (await callUser(t.app, 'walletProve', customer.token, { challengeId: first.challengeId, signature })).body.result,
    ).toBe(true)
    const replay = await callUser(t.app, 'walletProve', customer.token, { challengeId: first.challengeId, signature })
    expect(replay.body.error).toBe('wallet_challenge_invalid')

    const second = (await challenge(customer.token, 'eth', EVM_ADDRESS)).body.data
    t.clock.advance(CHALLENGE_TTL_MS + 1)
    const expired = await callUser(t.app, 'walletProve', customer.token, {
      challengeId: second.challengeId,
      signature: personalSign(second.message, EVM_KEY),
    })
    expect(expired.body.error).toBe('wallet_challenge_invalid')
    expect(await t.db.select().from(walletProofs)).toHaveLength(1)
  })

  it('accepts one proof of a challenge sent many times at once', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const { challengeId, message } = (await challenge(customer.token, 'eth', EVM_ADDRESS)).body.data
    const signature = personalSign(message, EVM_KEY)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => callUser(t.app, 'walletProve', customer.token, { challengeId, signature })),
    )
    expect(answers.filter((answer) => answer.body.result === true)).toHaveLength(1)
    expect(answers.filter((answer) => answer.body.error === 'wallet_challenge_invalid')).toHaveLength(3)
    expect(await t.db.select().from(walletProofs)).toHaveLength(1)
  })

  it('proves a native segwit Bitcoin wallet by a BIP-137 signed message', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const { challengeId, message, method } = (await challenge(customer.token, 'btc', KEY_ONE_P2WPKH)).body.data
    expect(method).toBe('signed_message')
    const wrong = await callUser(t.app, 'walletProve', customer.token, {
      challengeId,
      signature: bitcoinSign(message, OTHER_KEY),
    })
    expect(wrong.body.error).toBe('wallet_signature_invalid')
    const proved = await callUser(t.app, 'walletProve', customer.token, {
      challengeId,
      signature: bitcoinSign(message, KEY_ONE),
    })
    expect(proved.body.data).toMatchObject({ crypto: 'btc', address: KEY_ONE_P2WPKH, method: 'signed_message' })
  })

  it('takes a declaration naming the wallet provider where no signature is checked, and only there', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const xrp = (await challenge(customer.token, 'xrp', XRP_ADDRESS)).body.data
    expect(xrp.method).toBe('declaration')
    expect(xrp.message).toContain('false declaration')
    const declared = await callUser(t.app, 'walletDeclare', customer.token, {
      challengeId: xrp.challengeId,
      walletProvider: 'Ledger Nano X',
      confirm: true,
    })
    expect(declared.body.data).toMatchObject({ crypto: 'xrp', method: 'declaration', walletProvider: 'Ledger Nano X' })

    const btc = (await challenge(customer.token, 'btc', KEY_ONE_P2WPKH)).body.data
    const refused = await callUser(t.app, 'walletDeclare', customer.token, {
      challengeId: btc.challengeId,
      walletProvider: 'Some wallet',
      confirm: true,
    })
    expect(refused.body).toEqual({ result: false, error: 'wallet_signature_required' })
    const unconfirmed = await callUser(t.app, 'walletDeclare', customer.token, {
      challengeId: btc.challengeId,
      walletProvider: 'Some wallet',
      confirm: false,
    })
    expect(unconfirmed.status).toBe(400)
    expect(await t.db.select().from(walletProofs)).toHaveLength(1)
  })

  it('a taproot address without a valid BIP-322 signature is not proven; with one, it is', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const wallet = taprootWallet(KEY_ONE)
    const other = taprootWallet(OTHER_KEY)
    const customerId = await customerIdOf(customer.email)
    const wallets = createWalletService({ db: t.db, clock: t.clock, brandName: BRAND })
    const issued = (await challenge(customer.token, 'btc', wallet.address)).body.data
    expect(issued.method).toBe('signed_message')
    const declared = await callUser(t.app, 'walletDeclare', customer.token, {
      challengeId: issued.challengeId,
      walletProvider: 'My own node',
      confirm: true,
    })
    expect(declared.body).toEqual({ result: false, error: 'wallet_signature_required' })
    for (const signature of [
      other.sign(issued.message),
      wallet.sign(`${issued.message}\n`),
      bitcoinSign(issued.message, KEY_ONE),
      base64.encode(Uint8Array.of(1, 64, ...new Uint8Array(64))),
    ]) {
      const refused = await callUser(t.app, 'walletProve', customer.token, {
        challengeId: issued.challengeId,
        signature,
      })
      expect(refused.body).toEqual({ result: false, error: 'wallet_signature_invalid' })
    }
    expect(await t.db.select().from(walletProofs)).toHaveLength(0)
    expect(await wallets.isWalletProven(customerId, 'btc', wallet.address)).toBe(false)

    // Five tries were spent on that message: the proof signs a new one.
    const fresh = (await challenge(customer.token, 'btc', wallet.address)).body.data
    const proved = await callUser(t.app, 'walletProve', customer.token, {
      challengeId: fresh.challengeId,
      signature: wallet.sign(fresh.message),
    })
    expect(proved.body.data).toMatchObject({ address: wallet.address, method: 'signed_message' })
    expect((await t.db.select().from(walletProofs))[0]).toMatchObject({ scheme: 'bip322' })
    expect(await wallets.isWalletProven(customerId, 'btc', wallet.address)).toBe(true)
  })

  it('makes taproot addresses and signatures as the BIP-322 vectors do', () => {
    // The vectors' key L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k and its taproot address.
    const wif = createBase58check(sha256).decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')
    expect(taprootWallet(wif.subarray(1, 33)).address).toBe(
      'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
    )
  })

  it('takes a declaration naming another exchange for any coin, and never lets it replace a signature', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const deposit = (await challenge(customer.token, 'eth', EVM_ADDRESS)).body.data
    expect(deposit.method).toBe('signed_message')
    const unnamed = await callUser(t.app, 'walletDeclareProvider', customer.token, {
      challengeId: deposit.challengeId,
      walletProvider: 'Kraken',
      confirm: true,
    })
    expect(unnamed.status).toBe(400)
    const declared = await callUser(t.app, 'walletDeclareProvider', customer.token, {
      challengeId: deposit.challengeId,
      walletProvider: 'Kraken',
      accountHolder: 'Ada Lovelace',
      confirm: true,
    })
    expect(declared.body.data).toMatchObject({
      crypto: 'eth',
      address: EVM_ADDRESS.toLowerCase(),
      method: 'provider_declaration',
      walletProvider: 'Kraken',
      accountHolder: 'Ada Lovelace',
    })

    const signed = (await challenge(customer.token, 'eth', EVM_ADDRESS)).body.data
    await callUser(t.app, 'walletProve', customer.token, {
      challengeId: signed.challengeId,
      signature: personalSign(signed.message, EVM_KEY),
    })
    const again = (await challenge(customer.token, 'eth', EVM_ADDRESS)).body.data
    const downgrade = await callUser(t.app, 'walletDeclareProvider', customer.token, {
      challengeId: again.challengeId,
      walletProvider: 'Binance',
      accountHolder: 'Ada Lovelace',
      confirm: true,
    })
    expect(downgrade.body.data).toMatchObject({ method: 'signed_message', walletProvider: null })
    const stored = await t.db.select().from(walletProofs)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ method: 'signed_message', scheme: 'eip191' })
  })

  it('refuses an address that is not valid for its network before issuing anything', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const answer = await challenge(customer.token, 'btc', EVM_ADDRESS)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ result: false, error: 'validation_failed' })
    expect(await t.db.select().from(walletChallenges)).toHaveLength(0)
  })
})
