import { randomBytes } from 'node:crypto'
import { and, arrayContains, asc, count, eq, isNotNull, isNull, ne } from 'drizzle-orm'
import { z } from 'zod'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import {
  OPERATOR_ROLES,
  type OperatorRole,
  operatorAccounts,
  operatorTotpFactors,
} from '../../db/tables/modules/operator'
import { AppError } from '../../errors'
import { hashPassword, verifyDecoyPassword, verifyPassword } from '../accounts/passwords'
import {
  type TotpEnrolment,
  type TotpRows,
  newTotpEnrolment,
  totpEnrolmentOf,
  takeTotpStep,
  totpStep,
  unsealSecret,
} from '../accounts/second-factor-totp'
import { logAction } from './operator-log'
import { endSessionsOf } from './operator-sessions'

/** A login name: a lower-case letter, then lower-case letters, digits, dots, dashes or underscores (2 to 64). */
const LoginName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9._-]{1,63}$/, '2 to 64 lower-case letters, digits, dots, dashes or underscores, a letter first')
/** What an operator types at the sign-in: their login name, in any case. */
const TypedLoginName = z.string().trim().toLowerCase().pipe(LoginName)
const Roles = z.array(z.enum(OPERATOR_ROLES)).min(1, 'at least one role').max(OPERATOR_ROLES.length)

/** The operators' authenticator apps (the rules are the customers', second-factor-totp.ts). */
const OPERATOR_TOTP: TotpRows = {
  table: operatorTotpFactors,
  owner: operatorTotpFactors.operatorId,
  lastUsedStep: operatorTotpFactors.lastUsedStep,
}

export interface OperatorAccountDeps {
  db: Database
  clock: Clock
  /** Seals the authenticator apps' secrets, as the customers' (decision 124). */
  secondFactorKey: Buffer
  /** The issuer an authenticator app shows beside the code. */
  issuer: string
}

/** Who acts on an operator account: an admin signed in, or the command line (the first admin of an install). */
export type Actor = { id: string; name: string } | 'command_line'

/** 24 random characters from 18 bytes: the password an operator is given, shown once, never stored but as its hash. */
const newPassword = () => randomBytes(18).toString('base64url')

async function audit(deps: OperatorAccountDeps, tx: Database, by: Actor, action: string, detail: object) {
  await logAction(
    { db: tx, clock: deps.clock },
    by === 'command_line' ? { id: null, name: 'command line' } : by,
    action,
    {},
    detail as Record<string, unknown>,
    tx,
  )
}

/** Makes an operator with a new password, answered this once; a taken login name is refused. */
export async function createOperator(
  deps: OperatorAccountDeps,
  by: Actor,
  input: { loginName: string; roles: OperatorRole[] },
): Promise<{ id: string; loginName: string; password: string }> {
  const loginName = LoginName.safeParse(input.loginName)
  const roles = Roles.safeParse([...new Set(input.roles)])
  if (!loginName.success || !roles.success)
    throw new AppError('validation_failed', 400, {
      fields: {
        ...(!loginName.success && { loginName: loginName.error.issues[0]!.message }),
        ...(!roles.success && { roles: roles.error.issues[0]!.message }),
      },
    })
  const password = newPassword()
  const passwordHash = await hashPassword(password)
  return deps.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(operatorAccounts)
      .values({
        loginName: loginName.data,
        passwordHash,
        roles: roles.data,
        createdAt: deps.clock.now(),
        createdBy: by === 'command_line' ? null : by.id,
      })
      .onConflictDoNothing()
      .returning({ id: operatorAccounts.id })
    if (!made) throw new AppError('validation_failed', 400, { fields: { loginName: 'This login name is taken' } })
    await audit(deps, tx, by, 'operator_created', { operatorId: made.id, loginName: loginName.data, roles: roles.data })
    return { id: made.id, loginName: loginName.data, password }
  })
}

/** Every operator, with whether their second factor is on, for the admins' page and the command line. */
export async function listOperators({ db }: Pick<OperatorAccountDeps, 'db'>) {
  return db
    .select({
      id: operatorAccounts.id,
      loginName: operatorAccounts.loginName,
      roles: operatorAccounts.roles,
      createdAt: operatorAccounts.createdAt,
      disabledAt: operatorAccounts.disabledAt,
      secondFactorAt: operatorTotpFactors.confirmedAt,
    })
    .from(operatorAccounts)
    .leftJoin(operatorTotpFactors, eq(operatorTotpFactors.operatorId, operatorAccounts.id))
    .orderBy(asc(operatorAccounts.loginName))
}

async function accountOf(tx: Database, operatorId: string) {
  const [row] = await tx.select().from(operatorAccounts).where(eq(operatorAccounts.id, operatorId)).for('update')
  if (!row) throw new AppError('not_found', 404)
  return row
}

/** Some other admin who can still sign in stays: the back office is never left without one. */
async function assertAnotherAdmin(tx: Database, operatorId: string) {
  const [others] = await tx
    .select({ n: count() })
    .from(operatorAccounts)
    .where(
      and(
        ne(operatorAccounts.id, operatorId),
        isNull(operatorAccounts.disabledAt),
        arrayContains(operatorAccounts.roles, ['admin']),
      ),
    )
  if (Number(others?.n ?? 0) === 0) throw new AppError('transition_not_allowed', 409)
}

/** Gives an operator other roles; taking the admin role from the last admin is refused. */
export async function setRoles(deps: OperatorAccountDeps, by: Actor, operatorId: string, input: OperatorRole[]) {
  const roles = Roles.safeParse([...new Set(input)])
  if (!roles.success)
    throw new AppError('validation_failed', 400, { fields: { roles: roles.error.issues[0]!.message } })
  await deps.db.transaction(async (tx) => {
    const account = await accountOf(tx, operatorId)
    if (account.roles.includes('admin') && !roles.data.includes('admin')) await assertAnotherAdmin(tx, operatorId)
    await tx.update(operatorAccounts).set({ roles: roles.data }).where(eq(operatorAccounts.id, operatorId))
    await audit(deps, tx, by, 'operator_roles_changed', {
      operatorId,
      loginName: account.loginName,
      was: account.roles,
      roles: roles.data,
    })
  })
}

/** Disables an operator: no sign-in, every session ends. Not oneself, not the last admin. */
export async function disableOperator(deps: OperatorAccountDeps, by: Actor, operatorId: string) {
  if (by !== 'command_line' && by.id === operatorId) throw new AppError('transition_not_allowed', 409)
  await deps.db.transaction(async (tx) => {
    const account = await accountOf(tx, operatorId)
    if (account.disabledAt) return
    if (account.roles.includes('admin')) await assertAnotherAdmin(tx, operatorId)
    await tx.update(operatorAccounts).set({ disabledAt: deps.clock.now() }).where(eq(operatorAccounts.id, operatorId))
    await endSessionsOf(tx, deps.clock, operatorId)
    await audit(deps, tx, by, 'operator_disabled', { operatorId, loginName: account.loginName })
  })
}

/**
 * A new start for an operator who lost their password or phone: a new password (answered once), the authenticator
 * app removed (they enrol one at their next sign-in), every session ended.
 */
export async function resetOperator(
  deps: OperatorAccountDeps,
  by: Actor,
  operatorId: string,
): Promise<{ loginName: string; password: string }> {
  if (by !== 'command_line' && by.id === operatorId) throw new AppError('transition_not_allowed', 409)
  const password = newPassword()
  const passwordHash = await hashPassword(password)
  return deps.db.transaction(async (tx) => {
    const account = await accountOf(tx, operatorId)
    await tx.update(operatorAccounts).set({ passwordHash }).where(eq(operatorAccounts.id, operatorId))
    await tx.delete(operatorTotpFactors).where(eq(operatorTotpFactors.operatorId, operatorId))
    await endSessionsOf(tx, deps.clock, operatorId)
    await audit(deps, tx, by, 'operator_reset', { operatorId, loginName: account.loginName })
    return { loginName: account.loginName, password }
  })
}

export async function operatorByLoginName({ db }: Pick<OperatorAccountDeps, 'db'>, name: string) {
  const loginName = TypedLoginName.safeParse(name)
  if (!loginName.success) return undefined
  const [row] = await db
    .select({ id: operatorAccounts.id, loginName: operatorAccounts.loginName })
    .from(operatorAccounts)
    .where(eq(operatorAccounts.loginName, loginName.data))
  return row
}

/**
 * The password step: the operator of this login name when the password is theirs and they may sign in, else
 * undefined. An unknown name checks a decoy hash, so that it takes as long as a wrong password.
 */
export async function checkPassword(
  { db }: Pick<OperatorAccountDeps, 'db'>,
  name: string,
  password: string,
): Promise<{ id: string; hasSecondFactor: boolean } | undefined> {
  const loginName = TypedLoginName.safeParse(name)
  const [row] = loginName.success
    ? await db
        .select({
          id: operatorAccounts.id,
          passwordHash: operatorAccounts.passwordHash,
          disabledAt: operatorAccounts.disabledAt,
          confirmedAt: operatorTotpFactors.confirmedAt,
        })
        .from(operatorAccounts)
        .leftJoin(operatorTotpFactors, eq(operatorTotpFactors.operatorId, operatorAccounts.id))
        .where(eq(operatorAccounts.loginName, loginName.data))
    : []
  if (!row) {
    await verifyDecoyPassword(password)
    return undefined
  }
  const right = await verifyPassword(row.passwordHash, password)
  return right && !row.disabledAt ? { id: row.id, hasSecondFactor: row.confirmedAt !== null } : undefined
}

export async function hasSecondFactor({ db }: Pick<OperatorAccountDeps, 'db'>, operatorId: string) {
  const [row] = await db
    .select({ operatorId: operatorTotpFactors.operatorId })
    .from(operatorTotpFactors)
    .where(and(eq(operatorTotpFactors.operatorId, operatorId), isNotNull(operatorTotpFactors.confirmedAt)))
  return row !== undefined
}

/**
 * The authenticator app of an operator who has none confirmed yet (the first sign-in, or after a reset), as text and as
 * a QR code: the one waiting for its first code, else a new secret.
 */
export async function startEnrolment(
  deps: OperatorAccountDeps,
  operator: { id: string; name: string },
): Promise<TotpEnrolment> {
  const [factor] = await deps.db
    .select()
    .from(operatorTotpFactors)
    .where(eq(operatorTotpFactors.operatorId, operator.id))
  if (factor?.confirmedAt) throw new AppError('transition_not_allowed', 409)
  if (factor) return totpEnrolmentOf(deps.secondFactorKey, factor.sealedSecret, deps.issuer, operator.name)
  const enrolment = await newTotpEnrolment(deps.secondFactorKey, deps.issuer, operator.name)
  await deps.db
    .insert(operatorTotpFactors)
    .values({ operatorId: operator.id, sealedSecret: enrolment.sealedSecret, createdAt: deps.clock.now() })
    .onConflictDoNothing()
  // Two pages opened at once: the one stored first is the one to scan.
  return startEnrolment(deps, operator)
}

/**
 * The operator's code from the authenticator app: right, and its step not used before (taken now). `enrol` confirms a
 * new app with its first code; otherwise the app must be confirmed already. Answers whether the code was taken.
 */
export async function takeCode(
  deps: OperatorAccountDeps,
  operator: { id: string; name: string },
  code: string,
  enrol: boolean,
): Promise<boolean> {
  const [factor] = await deps.db
    .select()
    .from(operatorTotpFactors)
    .where(
      and(
        eq(operatorTotpFactors.operatorId, operator.id),
        enrol ? isNull(operatorTotpFactors.confirmedAt) : isNotNull(operatorTotpFactors.confirmedAt),
      ),
    )
  if (!factor) return false
  const step = totpStep(unsealSecret(deps.secondFactorKey, factor.sealedSecret), code, deps.clock.now())
  if (step === undefined) return false
  return deps.db.transaction(async (tx) => {
    if (!(await takeTotpStep(tx, OPERATOR_TOTP, operator.id, step))) return false
    if (enrol) {
      await tx
        .update(operatorTotpFactors)
        .set({ confirmedAt: deps.clock.now() })
        .where(eq(operatorTotpFactors.operatorId, operator.id))
      await audit(deps, tx, operator, 'second_factor_enrolled', { operatorId: operator.id, method: 'totp' })
    }
    return true
  })
}
