import { z } from 'zod'
import { answerOf, successAnswer } from './answer'

/**
 * The payout hold after a security change (decision 126): for 24 hours after a change of the account's password,
 * e-mail or second factor, coins go out only to a wallet the customer was paid out to (a completed order of the same
 * coin to the same address) before that change. One rule, used by the api's payout gate and by the web's notices.
 */
export const PAYOUT_HOLD_HOURS = 24

/** What a held order's payout waits for (`payoutWaitsFor`, also in partner notices): not a step of the journey. */
export const SECURITY_HOLD_STEP = 'security_hold'
const HOLD_MS = PAYOUT_HOLD_HOURS * 60 * 60 * 1000

/** A security change that starts a hold: the account event's type and when it happened. */
export const SecurityChange = z.object({ type: z.string().max(64), at: z.iso.datetime() })
export type SecurityChange = z.infer<typeof SecurityChange>

/** A payout held by a security change: until when, and the change that holds it (the latest one). */
export const PayoutHold = z.object({ until: z.iso.datetime(), reason: z.string().max(64) })
export type PayoutHold = z.infer<typeof PayoutHold>

/** The first completed payout of one coin to one address, which makes the address known from then on. */
export const PaidWallet = z.object({
  crypto: z.string().max(8),
  address: z.string().max(128),
  firstPaidAt: z.iso.datetime(),
})
export type PaidWallet = z.infer<typeof PaidWallet>

/**
 * `payoutHolds`: what the calculator needs to tell the customer before they pay. Empty lists when no change of the last
 * 24 hours holds anything; the wallets paid out to are listed only while a change does.
 */
export const PayoutHoldsAnswer = answerOf(
  successAnswer({ data: z.object({ changes: z.array(SecurityChange), paidWallets: z.array(PaidWallet) }) }),
)
export type PayoutHoldsAnswer = z.infer<typeof PayoutHoldsAnswer>

/** The same address, as the hold compares them: case aside (an EVM address may come checksummed or not). */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/**
 * The hold on a payout at `now` to a wallet first paid out to at `firstPaidAt` (null: never): every change of the last
 * 24 hours made while the wallet was still new holds it until 24 hours after the change, so a later change extends
 * the hold and nothing the holder of the account does afterwards shortens it. Null when nothing holds it.
 */
export function payoutHoldAt(
  changes: readonly { type: string; at: Date }[],
  firstPaidAt: Date | null,
  now: Date,
): { until: Date; reason: string } | null {
  let hold: { until: Date; reason: string } | null = null
  for (const change of changes) {
    const until = new Date(change.at.getTime() + HOLD_MS)
    const wasNew = firstPaidAt === null || firstPaidAt.getTime() >= change.at.getTime()
    if (wasNew && until.getTime() > now.getTime() && (!hold || until.getTime() > hold.until.getTime()))
      hold = { until, reason: change.type }
  }
  return hold
}

/** The hold on a wallet from the `payoutHolds` answer (the web's notices before payment). */
export function payoutHoldOfWallet(
  holds: { changes: readonly SecurityChange[]; paidWallets: readonly PaidWallet[] },
  crypto: string,
  address: string,
  now: Date,
): PayoutHold | null {
  if (address.trim() === '' || holds.changes.length === 0) return null
  const paid = holds.paidWallets.find((wallet) => wallet.crypto === crypto && sameAddress(wallet.address, address))
  const hold = payoutHoldAt(
    holds.changes.map((change) => ({ type: change.type, at: new Date(change.at) })),
    paid ? new Date(paid.firstPaidAt) : null,
    now,
  )
  return hold && { until: hold.until.toISOString(), reason: hold.reason }
}

const CHANGE_WORDS: Record<string, string> = {
  password_changed: 'your password was changed',
  password_reset_completed: 'your password was reset',
  email_changed: 'the e-mail address of your account was changed',
  email_change_undone: 'a change of your e-mail address was undone',
  second_factor_enabled: 'a second factor was turned on',
  second_factor_disabled: 'a second factor was turned off',
  recovery_code_used: 'a recovery code was used to log in',
  recovery_codes_renewed: 'new recovery codes were made',
  passkey_added: 'a passkey was added',
  passkey_removed: 'a passkey was removed',
}

/** The change in the customer's words, after "because …"; a change not named here is "a security setting …". */
export function securityChangeWords(type: string): string {
  return CHANGE_WORDS[type] ?? 'a security setting of your account was changed'
}

/**
 * Why a payout waits, in the customer's words, with the time as the caller writes it (the web: the customer's
 * locale; mail and the timeline: UTC).
 */
export function payoutHoldWords(reason: string, when: string): string {
  return `Because ${securityChangeWords(reason)}, a payout to a wallet we have not sent your coins to before waits ${PAYOUT_HOLD_HOURS} hours, for your safety: to this wallet, your coins go out after ${when}.`
}
