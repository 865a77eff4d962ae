import type { CryptoCurrency } from './currencies'

export type ChainNetwork = 'mainnet' | 'testnet'

/**
 * Where a delivery transaction can be looked up, per coin and network: the one table of block explorer addresses
 * (`{tx}` is the transaction id). The testnet column serves a liquidity provider that runs on a test network
 * (`LP_TESTNET`); a coin without a public testnet explorer has none there.
 */
export const EXPLORER_TX_URLS: Record<CryptoCurrency, Record<ChainNetwork, string | null>> = {
  btc: { mainnet: 'https://mempool.space/tx/{tx}', testnet: 'https://mempool.space/testnet4/tx/{tx}' },
  eth: { mainnet: 'https://etherscan.io/tx/{tx}', testnet: 'https://sepolia.etherscan.io/tx/{tx}' },
  usdt: { mainnet: 'https://etherscan.io/tx/{tx}', testnet: 'https://sepolia.etherscan.io/tx/{tx}' },
  usdc: { mainnet: 'https://etherscan.io/tx/{tx}', testnet: 'https://sepolia.etherscan.io/tx/{tx}' },
  xrp: { mainnet: 'https://livenet.xrpl.org/transactions/{tx}', testnet: 'https://testnet.xrpl.org/transactions/{tx}' },
  trx: {
    mainnet: 'https://tronscan.org/#/transaction/{tx}',
    testnet: 'https://shasta.tronscan.org/#/transaction/{tx}',
  },
  dot: { mainnet: 'https://polkadot.subscan.io/extrinsic/{tx}', testnet: 'https://westend.subscan.io/extrinsic/{tx}' },
  eos: { mainnet: 'https://bloks.io/transaction/{tx}', testnet: 'https://jungle4.eosq.eosnation.io/tx/{tx}' },
  ada: {
    mainnet: 'https://cardanoscan.io/transaction/{tx}',
    testnet: 'https://preprod.cardanoscan.io/transaction/{tx}',
  },
  avax: { mainnet: 'https://snowtrace.io/tx/{tx}', testnet: 'https://testnet.snowtrace.io/tx/{tx}' },
}

/** The explorer page of a transaction, or null when there is none to link (no template for that coin and network). */
export function explorerTxUrl(crypto: CryptoCurrency, network: ChainNetwork, txId: string): string | null {
  const template = EXPLORER_TX_URLS[crypto]?.[network]
  return template ? template.replace('{tx}', encodeURIComponent(txId)) : null
}
