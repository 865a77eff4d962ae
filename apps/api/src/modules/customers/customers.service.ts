import { eq } from 'drizzle-orm'
import type { ClientDetails, StoredClientDetails } from '@exchange/shared/clients.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers } from '../../db/schema'
import { AppError } from '../../errors'

export type CustomerService = ReturnType<typeof createCustomerService>

/** The customer's own details (spec section 3): read by getGross and the details screens, saved by them. */
export function createCustomerService({ db, clock }: { db: Database; clock: Clock }) {
  async function clientDetails(customerId: string): Promise<StoredClientDetails> {
    const [row] = await db
      .select({
        firstName: customers.firstName,
        lastName: customers.lastName,
        address: customers.address,
        city: customers.city,
        postal: customers.postal,
        country: customers.country,
        phone: customers.phone,
        email: customers.email,
      })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!row) throw new AppError('unauthorized', 401)
    return row
  }

  async function saveClientDetails(customerId: string, details: ClientDetails): Promise<void> {
    await db
      .update(customers)
      .set({ ...details, detailsUpdatedAt: clock.now() })
      .where(eq(customers.id, customerId))
  }

  return { clientDetails, saveClientDetails }
}
