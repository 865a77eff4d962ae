import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { PasskeyChallenge, PasskeyProof, SecondFactorProof } from '@exchange/shared/second-factor.schemas'
import type { Database } from '../../db/client'
import { secondFactorTickets } from '../../db/tables/modules/accounts'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { RequestOrigin, SessionBinding } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { recordEvent } from './account-records'
import { passkeyOriginOf } from './passkey-origin'
import { passkeyAssertionOptions, verifyPasskeyAssertion } from './passkeys'
import {
  type Factors,
  factorsOf,
  methodsOf,
  secondFactorOn,
  secondFactorRefusal,
  verifySecondFactor,
} from './second-factor-store'

/** The login's second step must follow the password within ten minutes. */
const TICKET_TTL_MS = 10 * 60_000

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex')

export interface SecondFactorNeeded {
  kind: 'second_factor'
  ticket: string
  methods: ('totp' | 'passkey')[]
}

/**
 * When the customer has two-factor sign-in on, the ticket of the login's second step (decision 124), stored inside the
 * caller's transaction; undefined when the password (and a new device's code) are enough.
 */
export async function secondFactorTicket(
  deps: Pick<AccountServiceDeps, 'clock'>,
  tx: Database,
  customerId: string,
  binding: SessionBinding | undefined,
): Promise<SecondFactorNeeded | undefined> {
  const factors: Factors = await factorsOf(tx, customerId)
  if (!secondFactorOn(factors)) return undefined
  const ticket = randomBytes(32).toString('base64url')
  const now = deps.clock.now()
  await tx.insert(secondFactorTickets).values({
    customerId,
    tokenHash: hashTicket(ticket),
    partnerSessionId: binding?.partnerSessionId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
  })
  return { kind: 'second_factor', ticket, methods: methodsOf(factors) }
}

async function openTicket({ db, clock }: Pick<AccountServiceDeps, 'db' | 'clock'>, ticket: string) {
  const [row] = await db
    .select()
    .from(secondFactorTickets)
    .where(
      and(
        eq(secondFactorTickets.tokenHash, hashTicket(ticket)),
        isNull(secondFactorTickets.usedAt),
        gt(secondFactorTickets.expiresAt, clock.now()),
      ),
    )
  if (!row) throw new AppError('login_ticket_invalid')
  const [customer] = await db.select().from(customers).where(eq(customers.id, row.customerId))
  if (!customer) throw new AppError('login_ticket_invalid')
  if (customer.closedAt) throw new AppError('account_closed')
  return { row, customer }
}

/** The request for a passkey's assertion: of the ticket's customer (second step), or of any passkey (sign-in). */
export async function passkeyLoginOptions(
  deps: AccountServiceDeps,
  ticket: string | undefined,
  origin: RequestOrigin,
): Promise<PasskeyChallenge> {
  const where = passkeyOriginOf(deps.publicUrl, origin)
  if (!where) throw new AppError('passkey_invalid')
  if (ticket === undefined) return passkeyAssertionOptions(deps, 'sign_in', null, where)
  const { customer } = await openTicket(deps, ticket)
  return passkeyAssertionOptions(deps, 'second_factor', customer.id, where)
}

/**
 * The login's second step: the ticket still open, a second factor of its customer right (limited guesses, a code
 * taken once), then the ticket used (once) and the session started, bound to the partner's visit the login came from.
 */
export async function completeSecondFactorLogin(
  deps: AccountServiceDeps,
  input: { ticket: string } & SecondFactorProof,
  origin: RequestOrigin,
): Promise<{ token: string; customerId: string; partnerSessionId: string | null }> {
  const { db, clock, sessions } = deps
  const { row, customer } = await openTicket(deps, input.ticket)
  const proof: SecondFactorProof = 'passkey' in input ? { passkey: input.passkey } : { code: input.code }
  const used = await verifySecondFactor(deps, customer, proof, {
    origin,
    webOrigin: passkeyOriginOf(deps.publicUrl, origin),
    action: 'login',
    purpose: 'second_factor',
  })
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(secondFactorTickets)
      .set({ usedAt: clock.now() })
      .where(and(eq(secondFactorTickets.id, row.id), isNull(secondFactorTickets.usedAt)))
      .returning({ id: secondFactorTickets.id })
    if (taken.length === 0) throw new AppError('login_ticket_invalid')
    const binding = row.partnerSessionId ? { partnerSessionId: row.partnerSessionId } : undefined
    const token = await sessions.startSession(customer.id, origin, tx, binding)
    await recordEvent(deps, tx, {
      type: 'login_succeeded',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
      detail: { via: used },
    })
    return { token, customerId: customer.id, partnerSessionId: row.partnerSessionId }
  })
}

/**
 * Signs in with a passkey alone (decision 124): a discoverable passkey with the user verified on the device is both
 * factors and phishing-resistant, so neither the password nor a new device's e-mailed code is asked.
 */
export async function passkeySignIn(
  deps: AccountServiceDeps,
  proof: PasskeyProof,
  origin: RequestOrigin,
): Promise<{ token: string; customerId: string }> {
  const { db, sessions } = deps
  const outcome = await db.transaction(async (tx) => {
    const verified = await verifyPasskeyAssertion(deps, tx, proof, {
      purpose: 'sign_in',
      customerId: null,
      webOrigin: passkeyOriginOf(deps.publicUrl, origin),
    })
    if (!verified.ok) return verified
    const [customer] = await tx.select().from(customers).where(eq(customers.id, verified.passkey.customerId))
    if (!customer || customer.closedAt) return { ok: false as const, error: 'account_closed' as const }
    const token = await sessions.startSession(customer.id, origin, tx)
    await recordEvent(deps, tx, {
      type: 'login_succeeded',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
      detail: { via: 'passkey_sign_in' },
    })
    return { ok: true as const, token, customerId: customer.id }
  })
  if (outcome.ok) return { token: outcome.token, customerId: outcome.customerId }
  if (outcome.error === 'account_closed') throw new AppError('account_closed')
  throw secondFactorRefusal(outcome.error)
}
