import { eq } from 'drizzle-orm'
import type { Language } from '@exchange/shared/languages'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { AccountServiceDeps } from './account-deps'

/**
 * The signed-in customer's language (decision 131): the one their e-mails are written in from the next one on, and the
 * one the web adopts after login (`getGross`). A closed account is not found.
 */
export async function changeLanguage(
  { db }: Pick<AccountServiceDeps, 'db'>,
  customerId: string,
  language: Language,
): Promise<{ language: Language }> {
  const [changed] = await db
    .update(customers)
    .set({ language })
    .where(eq(customers.id, customerId))
    .returning({ language: customers.language })
  if (!changed) throw new AppError('unauthorized', 401)
  return changed
}
