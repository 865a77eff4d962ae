import type { Core, ModuleParts } from '../module-kit'
import { walletRoutes } from './wallets.routes'
import { createWalletService } from './wallets.service'

/** Wallets proven by a signature or declared (decision 087); a proof can free a held payout. */
export function walletsModule({ db, clock, brand, checksChanged }: Core) {
  const wallets = createWalletService({ db, clock, brandName: brand.brandName, onProven: checksChanged })
  const parts: ModuleParts = { routes: [{ scope: 'user', routes: walletRoutes({ wallets }) }] }
  return { wallets, parts }
}
