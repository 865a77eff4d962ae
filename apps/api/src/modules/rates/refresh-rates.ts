import { sql } from 'drizzle-orm'
import { rates } from '../../db/tables/modules/rates'
import type { RatesParts } from './rates-deps'

/** The rates job: asks the provider and stores what it says. A failure keeps the last good prices. */
export async function refreshRates({
  db,
  clock,
  provider,
  log,
  stored,
}: Pick<RatesParts, 'db' | 'clock' | 'provider' | 'log' | 'stored'>): Promise<boolean> {
  let prices
  try {
    prices = await provider.fetchMidPrices()
  } catch (error) {
    log.warn({ err: error, source: provider.source }, 'rates refresh failed; serving the last good prices')
    return false
  }
  const fetchedAt = clock.now()
  await db
    .insert(rates)
    .values(prices.map((price) => ({ ...price, source: provider.source, fetchedAt })))
    .onConflictDoUpdate({
      target: [rates.crypto, rates.fiat],
      set: { mid: sql`excluded.mid`, source: sql`excluded.source`, fetchedAt: sql`excluded.fetched_at` },
    })
  stored.changed()
  return true
}
