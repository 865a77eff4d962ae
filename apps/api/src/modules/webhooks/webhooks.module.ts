import type { Core, ModuleParts, Parties } from '../module-kit'
import type { MoneyIn } from '../intake/money-in'
import { webhookRoutes } from './webhooks.routes'

/** The signed notices of the bank partner, the card PSP and pay-by-bank. */
export function webhooksModule(
  { clock }: Core,
  { bank, psp, openBanking }: Pick<Parties, 'bank' | 'psp' | 'openBanking'>,
  moneyIn: MoneyIn,
) {
  const parts: ModuleParts = {
    routes: [{ scope: 'webhooks', routes: webhookRoutes({ bank, psp, openBanking, clock, moneyIn }) }],
  }
  return { parts }
}
