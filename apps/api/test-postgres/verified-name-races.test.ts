import { eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { identityChecks } from '../src/db/tables/modules/identity'
import { sandboxIdvApplicants } from '../src/db/tables/providers/identity'
import {
  SANDBOX_IDV_SIGNATURE_HEADER,
  type SandboxIdvNotice,
} from '../src/providers/identity/sandbox-identity.provider'
import { signNotice } from '../src/providers/signed-notice'
import { ADA_DETAILS, type TestApp, buildTestApp, callUser, signUpVerified } from '../test/support'
import { DOCUMENT_NAME } from '../test/support/customer-fixtures'

// Decision 090: the approval freezes the name it compared. A rename sent to one process while the approval reaches the
// other either comes first (and the approval, comparing the new name, waits for a person) or is refused: never an
// approved check whose document names someone other than the account.

const IDV_SECRET = 'idv-test-secret-0123456789'
const ENV = { IDV_WEBHOOK_SECRET: IDV_SECRET, JWT_SECRET: 'verified-name-races-secret-0123456789-abcdef' }

let one: TestApp
let two: TestApp
beforeAll(async () => {
  one = await buildTestApp({ env: ENV })
  two = await buildTestApp({ env: ENV, sameDatabaseAs: one, clock: one.clock })
})
afterAll(async () => {
  await two.close()
  await one.close()
})

/** Ada, who declared her name and whose document the provider has read; its decision is still to come. */
async function documentRead() {
  const customer = await signUpVerified(one)
  await callUser(one.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  const started = await callUser(one.app, 'identityStart', customer.token)
  const applicantId = new URL(started.body.data.verificationUrl, 'http://sandbox').searchParams.get('applicant')!
  await one.db
    .update(sandboxIdvApplicants)
    .set({ documentFirstName: DOCUMENT_NAME.firstName, documentLastName: DOCUMENT_NAME.lastName })
    .where(eq(sandboxIdvApplicants.id, applicantId))
  const [row] = await one.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
  const [check] = await one.db.select().from(identityChecks).where(eq(identityChecks.customerId, row!.id))
  return { ...customer, customerId: row!.id, applicantId, checkId: check!.id }
}

function approval(applicantId: string, checkId: string) {
  const notice: SandboxIdvNotice = {
    id: `evt_idv_${randomBytes(6).toString('hex')}`,
    type: 'applicant.reviewed',
    createdAt: one.clock.now().toISOString(),
    data: { applicantId, externalUserId: checkId, outcome: 'approved', reasons: [] },
  }
  const body = JSON.stringify(notice)
  return one.app.inject({
    method: 'POST',
    url: '/v1/webhooks/identity',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_IDV_SIGNATURE_HEADER]: signNotice(
        Buffer.from(IDV_SECRET),
        body,
        Math.floor(one.clock.now().getTime() / 1000),
      ),
    },
    payload: body,
  })
}

describe('a rename racing the identity approval on two processes', () => {
  it('never leaves an approved check whose document names someone other than the account', async () => {
    const outcomes = new Set<string>()
    for (let round = 0; round < 6; round++) {
      const customer = await documentRead()
      const [approved, renamed] = await Promise.all([
        approval(customer.applicantId, customer.checkId),
        callUser(two.app, 'saveClientDetails', customer.token, {
          ...ADA_DETAILS,
          firstName: 'Victor',
          lastName: 'Person',
        }),
      ])
      expect(approved.statusCode).toBe(200)
      const [check] = await one.db.select().from(identityChecks).where(eq(identityChecks.id, customer.checkId))
      const [row] = await one.db
        .select({ firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(eq(customers.id, customer.customerId))
      if (renamed.body.result === true) {
        // The rename came first: the approval compared Victor Person with Ada's document and waits for a person.
        expect(row).toEqual({ firstName: 'Victor', lastName: 'Person' })
        expect(check).toMatchObject({ status: 'review', reasons: ['NAME_MISMATCH'] })
        outcomes.add('renamed, then held')
      } else {
        // The approval came first: the name is frozen as the document's.
        expect(renamed.body).toEqual({ result: false, error: 'name_locked' })
        expect(row).toEqual({ firstName: 'Ada', lastName: 'Lovelace' })
        expect(check).toMatchObject({ status: 'approved', verifiedFirstName: 'Ada', verifiedLastName: 'Lovelace' })
        outcomes.add('approved, rename refused')
      }
    }
    expect(outcomes.size).toBeGreaterThan(0)
  })
})
