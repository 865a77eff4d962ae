import type { Core, ModuleParts } from '../module-kit'
import type { AccountService } from '../accounts/accounts.service'
import { createGrossService } from './gross.service'
import { userRoutes } from './users.routes'

/** The signed-in customer's own account calls and their running gross, kept up to date from the change feed. */
export async function usersModule(
  { db, clock, trading, database }: Core,
  { accounts, agreementVersion }: { accounts: AccountService; agreementVersion: string },
) {
  const gross = createGrossService({ db, clock, trading, agreementVersion })
  await gross.followChanges(database)
  const parts: ModuleParts = {
    routes: [{ scope: 'user', routes: userRoutes({ accounts, gross }) }],
    close: gross.close,
  }
  return { parts }
}
