import { desc, eq } from 'drizzle-orm'
import { customerResidenceChanges, customers } from '../../db/tables/modules/customers'
import type { CustomerServiceDeps } from './customer-deps'

/** The customer's current country of residence, when they declared it and where their connection came from then. */
export interface DeclaredResidence {
  country: string
  declaredAt: Date
  /** Null when unknown, declared without a request, or declared before the country was recorded. */
  visitorCountry: string | null
}

/**
 * Every country of residence the customer declared (the current one included), and when one last replaced another
 * (null before any move): the journey engine keeps enhanced checks for a past residence in a high-risk country.
 */
export async function residencesOf(
  { db }: Pick<CustomerServiceDeps, 'db'>,
  customerId: string,
): Promise<{ countries: string[]; movedAt: Date | null }> {
  const [rows, [current]] = await Promise.all([
    db
      .select({
        oldCountry: customerResidenceChanges.oldCountry,
        newCountry: customerResidenceChanges.newCountry,
        declaredAt: customerResidenceChanges.declaredAt,
      })
      .from(customerResidenceChanges)
      .where(eq(customerResidenceChanges.customerId, customerId)),
    db.select({ country: customers.country }).from(customers).where(eq(customers.id, customerId)),
  ])
  const countries = new Set<string>()
  if (current?.country) countries.add(current.country)
  let movedAt: Date | null = null
  for (const row of rows) {
    countries.add(row.newCountry)
    if (row.oldCountry !== null) {
      countries.add(row.oldCountry)
      if (!movedAt || row.declaredAt > movedAt) movedAt = row.declaredAt
    }
  }
  return { countries: [...countries], movedAt }
}

/**
 * The current residence and its newest declaration, or null while none is declared. A residence saved before
 * declarations were recorded counts as declared at the last save of the details, with no visitor country.
 */
export async function declaredResidenceOf(
  { db }: Pick<CustomerServiceDeps, 'db'>,
  customerId: string,
): Promise<DeclaredResidence | null> {
  const [row] = await db
    .select({
      country: customers.country,
      detailsUpdatedAt: customers.detailsUpdatedAt,
      createdAt: customers.createdAt,
      declaredCountry: customerResidenceChanges.newCountry,
      declaredAt: customerResidenceChanges.declaredAt,
      visitorCountry: customerResidenceChanges.visitorCountry,
    })
    .from(customers)
    .leftJoin(customerResidenceChanges, eq(customerResidenceChanges.customerId, customers.id))
    .where(eq(customers.id, customerId))
    // Saves of one customer take turns (the row lock in saveClientDetails): the highest id is the newest.
    .orderBy(desc(customerResidenceChanges.id))
    .limit(1)
  if (!row?.country) return null
  if (row.declaredAt && row.declaredCountry === row.country)
    return { country: row.country, declaredAt: row.declaredAt, visitorCountry: row.visitorCountry }
  return { country: row.country, declaredAt: row.detailsUpdatedAt ?? row.createdAt, visitorCountry: null }
}
