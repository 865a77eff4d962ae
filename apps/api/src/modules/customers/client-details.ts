import { and, eq, inArray, isNotNull, or } from 'drizzle-orm'
import type { ClientDetails, StoredClientDetails } from '@exchange/shared/clients.schemas'
import { PAID_STATUSES } from '@exchange/shared/order-rules'
import type { Database } from '../../db/client'
import { customerNameChanges, customerResidenceChanges, customers } from '../../db/tables/modules/customers'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { orderEvents, orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { sameLegalName } from '../identity/legal-name'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { CustomerServiceDeps } from './customer-deps'

/** Why a customer's name can no longer be changed by the customer. */
export type NameFreezeReason = 'identity_verified' | 'order_paid' | 'payment_under_review'

/**
 * The customer's details with the e-mail address and when it was confirmed; an unknown customer is not signed in.
 * The customer's own details page and the journey's facts both read them here.
 */
export async function customerDetailsRow(db: Database, customerId: string) {
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
      emailVerifiedAt: customers.emailVerifiedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!row) throw new AppError('unauthorized', 401)
  return row
}

export async function clientDetails(
  { db }: Pick<CustomerServiceDeps, 'db'>,
  customerId: string,
): Promise<StoredClientDetails> {
  const { emailVerifiedAt: _confirmedAt, ...details } = await customerDetailsRow(db, customerId)
  return details
}

/** Why the name is frozen, or null while the customer may still correct it. */
export async function nameFrozenBecause(
  { db, verifiedNameOf }: Pick<CustomerServiceDeps, 'db' | 'verifiedNameOf'>,
  customerId: string,
  tx: Database = db,
): Promise<NameFreezeReason | null> {
  if (verifiedNameOf && (await verifiedNameOf(customerId, tx))) return 'identity_verified'
  // "Paid" means ever paid: a refunded or failed order that was once paid still had the name relied on.
  const [paid] = await tx
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.toStatus, 'paid')))
    .where(
      and(eq(orders.customerId, customerId), or(inArray(orders.status, [...PAID_STATUSES]), isNotNull(orderEvents.id))),
    )
    .limit(1)
  if (paid) return 'order_paid'
  // A person is comparing a held payment with this name: changing it now would change what they compare.
  const [underReview] = await tx
    .select({ id: incomingTransfers.id })
    .from(incomingTransfers)
    .innerJoin(orders, eq(orders.id, incomingTransfers.orderId))
    .where(and(eq(orders.customerId, customerId), eq(incomingTransfers.outcome, 'held_name_mismatch')))
    .limit(1)
  return underReview ? 'payment_under_review' : null
}

/**
 * Saves the details; `visitor` is the request's caller, whose country is recorded with a new residence (a save
 * without a request records none).
 */
export async function saveClientDetails(
  deps: CustomerServiceDeps,
  customerId: string,
  details: ClientDetails,
  visitor?: Visitor,
): Promise<void> {
  const { db, clock, verifiedNameOf, onDetailsSaved, visitorCountryOf } = deps
  await db.transaction(async (tx) => {
    // Locked, so two saves at once cannot both pass the freeze check or both record the same change.
    const [current] = await tx
      .select({ firstName: customers.firstName, lastName: customers.lastName, country: customers.country })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update')
    if (!current) throw new AppError('unauthorized', 401)
    const renamed = current.firstName !== details.firstName || current.lastName !== details.lastName
    const hadName = current.firstName !== null || current.lastName !== null
    if (renamed && hadName && (await nameFrozenBecause(deps, customerId, tx))) throw new AppError('name_locked')
    // A name given for the first time after the identity was verified is the document's (decision 090).
    const verified = renamed && !hadName && verifiedNameOf ? await verifiedNameOf(customerId, tx) : null
    if (verified && !sameLegalName(details, verified)) throw new AppError('name_locked')
    await tx
      .update(customers)
      .set({ ...details, detailsUpdatedAt: clock.now() })
      .where(eq(customers.id, customerId))
    if (renamed)
      await tx.insert(customerNameChanges).values({
        customerId,
        oldFirstName: current.firstName,
        oldLastName: current.lastName,
        newFirstName: details.firstName,
        newLastName: details.lastName,
        changedAt: clock.now(),
      })
    // Every residence declared is kept: one in a high-risk country keeps enhanced checks in force after a move
    // (decision 081), so a move is a new row, never an overwrite. Where the connection came from is kept with it:
    // a residence outside the UK declared from elsewhere needs other evidence (decision 091).
    if (current.country !== details.country)
      await tx.insert(customerResidenceChanges).values({
        customerId,
        oldCountry: current.country,
        newCountry: details.country,
        declaredAt: clock.now(),
        visitorCountry: (visitor && (await visitorCountryOf(visitor))) ?? null,
      })
    await onDetailsSaved?.(tx, customerId)
  })
}
