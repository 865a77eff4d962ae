import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import type { IdentityOutcomeMail, IdentityServiceDeps } from './identity-deps'

export async function tellCustomer(
  { onOutcome }: Pick<IdentityServiceDeps, 'onOutcome'>,
  tx: Database,
  customerId: string,
  outcome: IdentityOutcomeMail['outcome'],
  message: string | null,
) {
  if (!onOutcome) return
  const [customer] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId))
  if (customer) await onOutcome(tx, { to: customer.email, outcome, message })
}
