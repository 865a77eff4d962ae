import type { RatesData } from '@exchange/shared/rates.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { RatesProvider } from '../../providers/rates/rates.provider'
import type { TradingConfig } from '../../trading'
import type { StoredRates } from './stored-rates'

export interface RatesServiceDeps {
  db: Database
  clock: Clock
  provider: RatesProvider
  trading: TradingConfig
  maxAgeSeconds: number
  quoteTtlSeconds: number
  log: { warn(obj: object, msg: string): void }
}

/** The dependencies and what the service keeps for the life of the process. */
export interface RatesParts extends RatesServiceDeps {
  stored: StoredRates
  /** The last getHpRates answer, with the rows and the second it was made from. */
  answer: { last?: { data: RatesData; second: number; rows: unknown } }
}
