import { describe, expect, it } from 'vitest'
import { CRYPTO_CURRENCIES } from './currencies'
import { EXPLORER_TX_URLS, explorerTxUrl } from './explorers'

describe('explorerTxUrl', () => {
  it('links a transaction on the coin’s explorer, on the testnet when the provider runs on one', () => {
    expect(explorerTxUrl('btc', 'mainnet', 'ab12')).toBe('https://mempool.space/tx/ab12')
    expect(explorerTxUrl('btc', 'testnet', 'ab12')).toBe('https://mempool.space/testnet4/tx/ab12')
    expect(explorerTxUrl('eth', 'testnet', '0xab')).toBe('https://sepolia.etherscan.io/tx/0xab')
  })

  it('has an https template for every coin on the main network, and escapes what it is given', () => {
    for (const coin of CRYPTO_CURRENCIES) expect(EXPLORER_TX_URLS[coin].mainnet).toMatch(/^https:\/\/.+\{tx\}$/)
    expect(explorerTxUrl('btc', 'mainnet', 'a/b?c')).toBe('https://mempool.space/tx/a%2Fb%3Fc')
  })
})
