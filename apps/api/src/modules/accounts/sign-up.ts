import type { Language } from '@exchange/shared/languages'
import { AppError } from '../../errors'
import { isUniqueViolation } from '../../db/errors'
import { customers } from '../../db/tables/modules/customers'
import { type KeyedCall, onceWithin } from '../request-keys/request-keys.service'
import type { RequestOrigin } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { findCustomer, recordEvent, requesterOf } from './account-records'
import { stampCodeRequest } from './code-budgets'
import { issueCode, sendCode } from './codes-store'
import { hashPassword } from './passwords'

/**
 * Creates the account and mails its first code. Sent with an Idempotency-Key (`keyed`), a retry of a sign-up that
 * succeeded answers that success instead of 'user already exists', and mails nothing more (decision 092).
 */
export async function signUp(
  deps: AccountServiceDeps,
  /** `language`: the sign-up's own, else its Accept-Language's (decision 131); its e-mails are written in it. */
  input: { email: string; password: string; token: string; language: Language },
  origin: RequestOrigin,
  keyed?: KeyedCall<void>,
): Promise<void> {
  const { db, clock } = deps
  if (await findCustomer(db, input.email)) throw new AppError('user already exists')
  const passwordHash = await hashPassword(input.password)
  try {
    await db.transaction((tx) =>
      onceWithin(tx, keyed, async () => {
        const [customer] = await tx
          .insert(customers)
          .values({
            email: input.email,
            passwordHash,
            affiliateToken: input.token,
            language: input.language,
            createdAt: clock.now(),
          })
          .returning({ id: customers.id })
        await recordEvent(deps, tx, {
          type: 'signed_up',
          email: input.email,
          customerId: customer!.id,
          ip: origin.ip,
          detail: { affiliateToken: input.token },
        })
        // The first code of a sign-up always goes out (an e-mail signs up once); the next one waits its turn. Who
        // chose the password is the account's owner: the code is theirs (decision 074).
        const requester = requesterOf(origin)
        await stampCodeRequest(tx, input.email, 'verify_email', requester, clock.now())
        const code = await issueCode(deps, tx, input.email, 'verify_email', { key: requester, owner: true })
        await sendCode(deps, tx, input.email, 'verify_email', code)
      }),
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('user already exists')
    throw error
  }
}
