import { z } from 'zod'

/**
 * The back office's api (decision 133): what the operators' React app reads at `/operator/api/*`. Its actions are the
 * operator routes that already take JSON (`POST /operator/actions/*`, `/operator/four-eyes/:id/approve|decline`), each
 * checked against the operator's roles on the server (decision 128). Every answer that shows a customer's personal
 * data is written to the audit trail with the operator and the reason they gave (decision 133).
 */

export const OperatorRoleSchema = z.enum(['support', 'compliance', 'finance', 'admin'])
export type OperatorRoleName = z.infer<typeof OperatorRoleSchema>

/** `GET /operator/api/me`: who is signed in. */
export const OperatorMeSchema = z.object({ loginName: z.string(), roles: z.array(OperatorRoleSchema) })
export type OperatorMe = z.infer<typeof OperatorMeSchema>

/** What waits for a person, one list per kind; each kind opens to the roles that decide it. */
export const QUEUE_KINDS = [
  'four_eyes',
  'identity_reviews',
  'enhanced_checks',
  'proofs_of_address',
  'held_payments',
  'held_payouts',
  'refunds',
  'withdrawals',
  'tickets',
  'partner_deliveries',
] as const
export const QueueKindSchema = z.enum(QUEUE_KINDS)
export type QueueKind = z.infer<typeof QueueKindSchema>

/** An amount as the api stores it: a decimal string and its currency code (never a float). */
export const AmountSchema = z.object({ value: z.string(), currency: z.string() })

/** One thing that waits: what it is about, since when, and where to go for it. */
export const QueueItemSchema = z.object({
  /** Unique within its queue (the request's, transfer's, customer's id, the order's reference, the ticket's number). */
  id: z.string(),
  /** One line: the customer's e-mail, the order's reference, the ticket's subject. */
  title: z.string(),
  /** What waits, in a few words ("Name on the document differs", "Refund of EUR 1,200.00 asked by ..."). */
  detail: z.string().nullable(),
  since: z.iso.datetime(),
  customerId: z.uuid().nullable(),
  orderReference: z.string().nullable(),
  /** A held incoming payment (approve-transfer / refund-transfer take it). */
  transferId: z.uuid().nullable(),
  /** A four-eyes request (approve / decline take it); `requestedBy` is the operator who asked. */
  requestId: z.uuid().nullable(),
  requestedBy: z.string().nullable(),
  ticketNumber: z.number().int().nullable(),
  amount: AmountSchema.nullable(),
})
export type QueueItem = z.infer<typeof QueueItemSchema>

export const QueueSchema = z.object({
  kind: QueueKindSchema,
  count: z.number().int().nonnegative(),
  /** When the oldest item began waiting; null when the queue is empty. */
  oldestSince: z.iso.datetime().nullable(),
  /** The oldest first, at most 100. */
  items: z.array(QueueItemSchema),
})
export type Queue = z.infer<typeof QueueSchema>

/** `GET /operator/api/queues`: the queues the operator's roles open, in `QUEUE_KINDS` order. */
export const QueuesSchema = z.object({ queues: z.array(QueueSchema) })

/** Why an operator opens a customer's or an order's file: stored with the view (decision 133). */
export const ViewReasonSchema = z.string().trim().min(3).max(200)

/** `GET /operator/api/search?q=`: at least 3 characters; an e-mail, a name, an order reference, an IBAN or a wallet. */
export const SearchQuerySchema = z.object({ q: z.string().trim().min(3).max(200) })
export const SearchResultsSchema = z.object({
  customers: z.array(
    z.object({
      id: z.uuid(),
      email: z.string(),
      name: z.string().nullable(),
      /** What matched: 'email' | 'name' | 'iban' | 'wallet' | 'order'. */
      matched: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      reference: z.string(),
      customerId: z.uuid(),
      email: z.string(),
      status: z.string(),
      fiatAmount: AmountSchema,
      crypto: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
})
export type SearchResults = z.infer<typeof SearchResultsSchema>

/** One entry of the audit trail: who, when, what, why, and what changed. */
export const TrailEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  operator: z.string(),
  action: z.string(),
  reason: z.string().nullable(),
  orderReference: z.string().nullable(),
  customerId: z.uuid().nullable(),
  detail: z.record(z.string(), z.unknown()),
})
export type TrailEntry = z.infer<typeof TrailEntrySchema>

export const OrderSummarySchema = z.object({
  reference: z.string(),
  status: z.string(),
  fiatAmount: AmountSchema,
  crypto: z.string(),
  cryptoAmount: z.string().nullable(),
  method: z.string(),
  createdAt: z.iso.datetime(),
})
export type OrderSummary = z.infer<typeof OrderSummarySchema>

/** `GET /operator/api/customers/:customerId?reason=`: a customer's file (the view is audited). */
export const CustomerFileSchema = z.object({
  customer: z.object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    address: z.string().nullable(),
    postal: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    phone: z.string().nullable(),
    language: z.string(),
    createdAt: z.iso.datetime(),
    emailVerified: z.boolean(),
    closed: z.boolean(),
  }),
  /** The compliance journey: each step and where the customer is with it ('done', 'waiting', 'to_do', ...). */
  journey: z.array(z.object({ step: z.string(), state: z.string(), since: z.iso.datetime().nullable() })),
  /** The identity check in manual review, for the decision (approve / reject on this page). */
  identityReview: z
    .object({
      status: z.string(),
      since: z.iso.datetime(),
      reasons: z.array(z.string()),
      declaredName: z.string().nullable(),
      documentName: z.string().nullable(),
    })
    .nullable(),
  /** The customer's questionnaire answers waiting for a decision (ask a second operator to clear, or reject). */
  enhancedChecks: z.object({ since: z.iso.datetime() }).nullable(),
  /**
   * Proofs of address waiting to be read (decision 091): sent after the declaration of a residence outside the UK that
   * nothing else backs, oldest first; each is accepted or rejected on its own.
   */
  proofsOfAddress: z.array(
    z.object({ documentId: z.uuid(), fileName: z.string(), since: z.iso.datetime(), declaredCountry: z.string() }),
  ),
  documents: z.array(z.object({ id: z.uuid(), kind: z.string(), fileName: z.string(), uploadedAt: z.iso.datetime() })),
  orders: z.array(OrderSummarySchema),
  tickets: z.array(
    z.object({ number: z.number().int(), subject: z.string(), status: z.string(), updatedAt: z.iso.datetime() }),
  ),
  trail: z.array(TrailEntrySchema),
})
export type CustomerFile = z.infer<typeof CustomerFileSchema>

/** `GET /operator/api/orders/:reference?reason=`: an order's file (the view is audited). */
export const OrderFileSchema = z.object({
  order: OrderSummarySchema.extend({
    customerId: z.uuid(),
    email: z.string(),
    wallet: z.string().nullable(),
    payoutWaitsFor: z.string().nullable(),
    payoutHeldUntil: z.iso.datetime().nullable(),
    /**
     * A withdrawal the exchange did not confirm and no run holds (the classic page's "withdrawals to check"): an
     * operator looks it up at the exchange, then records it found or sends it again.
     */
    withdrawalUnconfirmed: z.boolean(),
  }),
  /** What happened to the order, oldest first (its status changes and the operators' actions on it). */
  timeline: z.array(z.object({ at: z.iso.datetime(), event: z.string(), detail: z.string().nullable() })),
  payments: z.array(
    z.object({
      id: z.string(),
      method: z.string(),
      status: z.string(),
      amount: AmountSchema,
      payerName: z.string().nullable(),
      payerIban: z.string().nullable(),
      receivedAt: z.iso.datetime().nullable(),
      /** A payment held for a person (release or refund it, four eyes). */
      held: z.boolean(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      amount: AmountSchema,
      reason: z.string().nullable(),
      at: z.iso.datetime(),
    }),
  ),
  payout: z.object({ status: z.string(), txId: z.string().nullable(), at: z.iso.datetime().nullable() }).nullable(),
  trail: z.array(TrailEntrySchema),
})
export type OrderFile = z.infer<typeof OrderFileSchema>

/** `GET /operator/api/trail?customerId=|orderReference=`: the trail alone (not a view of personal data). */
export const TrailSchema = z.object({ entries: z.array(TrailEntrySchema) })

/**
 * `GET /operator/api/audit.csv?from=YYYY-MM-DD&to=YYYY-MM-DD`: every trail entry of the days from `from` to `to`
 * (both included, UTC), at most 366 days, as CSV for an auditor: id, at, operator, action, reason, customer,
 * order, detail (JSON).
 */
export const AuditExportQuerySchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine(({ from, to }) => from <= to, { message: 'from is after to', path: ['from'] })
