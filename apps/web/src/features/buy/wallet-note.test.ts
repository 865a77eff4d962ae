import { describe, expect, it } from 'vitest'
import { walletNoteFor } from './wallet-note'

describe('the note under the wallet field', () => {
  const proven = [{ crypto: 'btc', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }]

  it('says a saved wallet of the coin needs nothing more', () => {
    expect(walletNoteFor('btc', 'eur', ' BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4 ', proven)).toBe(
      'This wallet is proven to be yours: nothing more to do before you pay.',
    )
  })

  it('asks a signature where the coin signs, and names the exchange declaration with its limit in the fiat', () => {
    const note = walletNoteFor('eth', 'gbp', '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23', proven)
    expect(note).toContain('signing a short message')
    expect(note).toMatch(/up to .*850\.00.* per order/)
  })

  it('asks a declaration on networks whose signatures are not checked', () => {
    expect(walletNoteFor('xrp', 'eur', '', proven)).toContain('you declare that this wallet is yours')
    expect(walletNoteFor('btc', 'eur', proven[0]!.address, [])).toContain('signing a short message')
  })
})
