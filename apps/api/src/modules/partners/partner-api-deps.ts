import type { ChainNetwork } from '@exchange/shared/explorers'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { TradingConfig } from '../../trading'
import type { RatesService } from '../rates/rates.service'

/** What the partner api's reads and ways in need besides the registry: prices and limits, and the public address. */
export interface PartnerApiDeps {
  db: Database
  clock: Clock
  /** The fiat limits of an order (`checkLimits`), applied to a partner's amount before its customer comes. */
  trading: TradingConfig
  /** Prices a crypto amount in fiat, to check it against the same limits. */
  rates: Pick<RatesService, 'priceFor' | 'decimalsOf'>
  /** The web app's public address, which the way-in link starts with ('' when unset: a relative link). */
  publicUrl: string
  /** The chain network deliveries go out on: their explorer links. */
  chainNetwork: ChainNetwork
}
