import { and, desc, eq, gt, inArray, isNotNull, lte, or } from 'drizzle-orm'
import type { ClientDetails, StoredClientDetails } from '@exchange/shared/clients.schemas'
import { PAID_STATUSES } from '@exchange/shared/order-rules'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customerNameChanges, customerResidenceChanges, customers } from '../../db/tables/modules/customers'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { orderEvents, orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import type { PersonName } from '../../providers/identity/identity.provider'
import { sameLegalName } from '../identity/legal-name'
import type { Visitor, VisitorCountryOf } from '../../providers/geoip/visitor-country'

export type CustomerService = ReturnType<typeof createCustomerService>

/** One recorded name and the one before it (none when the name was given for the first time). */
const NAME_CHANGE = {
  oldFirstName: customerNameChanges.oldFirstName,
  oldLastName: customerNameChanges.oldLastName,
  newFirstName: customerNameChanges.newFirstName,
  newLastName: customerNameChanges.newLastName,
  changedAt: customerNameChanges.changedAt,
}

/** A row that changed an existing name, not the first naming. */
const A_CHANGE = or(isNotNull(customerNameChanges.oldFirstName), isNotNull(customerNameChanges.oldLastName))

/** Why a customer's name can no longer be changed by the customer. */
export type NameFreezeReason = 'identity_verified' | 'order_paid' | 'payment_under_review'

export interface CustomerServiceDeps {
  db: Database
  clock: Clock
  /** How long after a change of name payments are held for a person (NAME_CHANGE_HOLD_HOURS, decision 028). */
  nameChangeHoldHours: number
  /**
   * The name on the customer's verified document, or null before an approved identity check (the identity module
   * answers it, in the caller's transaction): from then on the name is frozen as that one (decision 090).
   */
  verifiedNameOf?: (customerId: string, tx: Database) => Promise<PersonName | null>
  /**
   * Called in the transaction that saves the details, so that paid orders held for them (decision 039) are queued to
   * move on with the save or not at all.
   */
  onDetailsSaved?: (tx: Database, customerId: string) => Promise<void>
  /** The country a request comes from, recorded with each declaration of residence (decision 091). */
  visitorCountryOf: VisitorCountryOf
}

const HOUR_MS = 3_600_000

/** The customer's current country of residence, when they declared it and where their connection came from then. */
export interface DeclaredResidence {
  country: string
  declaredAt: Date
  /** Null when unknown, declared without a request, or declared before the country was recorded. */
  visitorCountry: string | null
}

/** A change of an existing name, as payment intake names it when it holds a payment. */
export interface RecentNameChange {
  oldName: string
  newName: string
  changedAt: Date
}

/**
 * The customer's own details (spec section 3): read by getGross and the details screens, saved by them. The legal
 * name is what the payer-name check compares bank transfers with, so it is frozen once it has been relied on, and
 * every change of it is kept (decision 028).
 */
export function createCustomerService({
  db,
  clock,
  nameChangeHoldHours,
  verifiedNameOf,
  onDetailsSaved,
  visitorCountryOf,
}: CustomerServiceDeps) {
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

  /** Why the name is frozen, or null while the customer may still correct it. */
  async function nameFrozenBecause(customerId: string, tx: Database = db): Promise<NameFreezeReason | null> {
    if (verifiedNameOf && (await verifiedNameOf(customerId, tx))) return 'identity_verified'
    // "Paid" means ever paid: a refunded or failed order that was once paid still had the name relied on.
    const [paid] = await tx
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.toStatus, 'paid')))
      .where(
        and(
          eq(orders.customerId, customerId),
          or(inArray(orders.status, [...PAID_STATUSES]), isNotNull(orderEvents.id)),
        ),
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
  async function saveClientDetails(customerId: string, details: ClientDetails, visitor?: Visitor): Promise<void> {
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
      if (renamed && hadName && (await nameFrozenBecause(customerId, tx))) throw new AppError('name_locked')
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

  /**
   * Every country of residence the customer declared (the current one included), and when one last replaced another
   * (null before any move): the journey engine keeps enhanced checks for a past residence in a high-risk country.
   */
  async function residencesOf(customerId: string): Promise<{ countries: string[]; movedAt: Date | null }> {
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
  async function declaredResidenceOf(customerId: string): Promise<DeclaredResidence | null> {
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

  /** Every name the customer gave, oldest first: the first naming (no old name) and each change after it. */
  async function nameHistory(customerId: string) {
    return db
      .select(NAME_CHANGE)
      .from(customerNameChanges)
      .where(eq(customerNameChanges.customerId, customerId))
      .orderBy(customerNameChanges.id)
  }

  /** The latest changes of an existing name across customers, newest first, for the operator view. */
  async function recentNameChanges(limit = 50) {
    return db
      .select({ email: customers.email, ...NAME_CHANGE })
      .from(customerNameChanges)
      .innerJoin(customers, eq(customers.id, customerNameChanges.customerId))
      .where(A_CHANGE)
      .orderBy(desc(customerNameChanges.id))
      .limit(limit)
  }

  /**
   * The latest change of an existing name within the last `hours` (NAME_CHANGE_HOLD_HOURS unless given), or null:
   * payment intake holds such a customer's payments for a person and names the change on the order's timeline.
   * Giving a name for the first time is not a change. Pass the intake's transaction as `tx` to read it where the
   * payment is decided.
   */
  async function recentNameChange(
    customerId: string,
    options: { hours?: number; at?: Date; tx?: Database } = {},
  ): Promise<RecentNameChange | null> {
    const hours = options.hours ?? nameChangeHoldHours
    const at = options.at ?? clock.now()
    const since = new Date(at.getTime() - hours * HOUR_MS)
    const [change] = await (options.tx ?? db)
      .select(NAME_CHANGE)
      .from(customerNameChanges)
      .where(
        and(
          eq(customerNameChanges.customerId, customerId),
          gt(customerNameChanges.changedAt, since),
          lte(customerNameChanges.changedAt, at),
          A_CHANGE,
        ),
      )
      .orderBy(desc(customerNameChanges.changedAt), desc(customerNameChanges.id))
      .limit(1)
    if (!change) return null
    const full = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ')
    return {
      oldName: full(change.oldFirstName, change.oldLastName),
      newName: full(change.newFirstName, change.newLastName),
      changedAt: change.changedAt,
    }
  }

  /** Whether the customer changed an existing name within the last `hours` (see `recentNameChange`). */
  async function nameChangedWithin(
    customerId: string,
    options: { hours?: number; at?: Date; tx?: Database } = {},
  ): Promise<boolean> {
    return (await recentNameChange(customerId, options)) !== null
  }

  return {
    clientDetails,
    saveClientDetails,
    residencesOf,
    declaredResidenceOf,
    nameFrozenBecause,
    nameHistory,
    recentNameChanges,
    recentNameChange,
    nameChangedWithin,
  }
}
