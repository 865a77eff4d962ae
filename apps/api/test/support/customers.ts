import { eq } from 'drizzle-orm'
import { sandboxIdvApplicants } from '../../src/db/tables/providers/identity'
import { ADA_DETAILS, COMPANY, SOURCE_OF_FUNDS } from './customer-fixtures'
import { TEST_BTC_WALLET, TEST_ETH_WALLET, bitcoinSign, personalSign } from './wallets'
import { callPublic, callUser, uniqueEmail } from './calls'
import { latestCode } from './mail'
import { type TestApp } from './test-app'

/** Signs up and confirms the e-mail; answers the session token and the trusted-device cookie. */
export async function signUpVerified(t: TestApp, email = uniqueEmail(), password = 'correct horse') {
  await callPublic(t.app, 'homesignup', { email, password, token: 'DIRECT', companyDetails: COMPANY })
  const code = await latestCode(t.db, email)
  const verified = await callPublic(t.app, 'verifycode', { email, code })
  const device = verified.cookies.find((cookie) => cookie.name === 'trustedDevice')?.value
  return { email, password, token: verified.body.data.token as string, device: device as string }
}

/** The tests' own wallet (a key `test-wallets.ts` holds), so that a customer can prove it before a payout. */
export const BTC_WALLET = TEST_BTC_WALLET
export const ETH_WALLET = TEST_ETH_WALLET

/** Answers `sof` for the customer, as the journey asks before the first order (decision 036). */
export async function declareSourceOfFunds(t: TestApp, token: string, answers: Record<string, unknown> = {}) {
  const answer = await callUser(t.app, 'saveSourceOfFunds', token, { answers: { ...SOURCE_OF_FUNDS, ...answers } })
  if (answer.body.result !== true) throw new Error(`source of funds refused: ${JSON.stringify(answer.body)}`)
}

/**
 * The customer's identity check, approved as a tester does it on the sandbox provider's page; the orders held for it
 * move on. Payouts wait for an approved check (decision 033). The name on the document is the one the page offers
 * (the customer's declared name), or `documentName` (by default Ada Lovelace's, for a customer who declared none).
 */
export async function verifyIdentity(
  t: TestApp,
  token: string,
  outcome: 'approved' | 'rejected' | 'review' = 'approved',
  documentName?: { firstName: string; lastName: string },
) {
  const started = await callUser(t.app, 'identityStart', token)
  const applicant = new URL(started.body.data.verificationUrl as string, 'http://sandbox').searchParams.get('applicant')
  const [offered] = await t.db
    .select({ firstName: sandboxIdvApplicants.declaredFirstName })
    .from(sandboxIdvApplicants)
    .where(eq(sandboxIdvApplicants.id, applicant ?? ''))
  const name =
    documentName ??
    (outcome === 'approved' && !offered?.firstName
      ? { firstName: ADA_DETAILS.firstName, lastName: ADA_DETAILS.lastName }
      : undefined)
  const page = await t.app.inject({
    method: 'POST',
    url: '/sandbox/idv/verify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ applicant: applicant ?? '', outcome, ...name }).toString(),
  })
  if (page.statusCode !== 303) throw new Error(`the sandbox identity page answered ${page.statusCode}`)
  await t.app.jobs.customerChecksChanged()
}

/**
 * Signs the customer agreement in force as a customer does: `startDocusign`, then the sandbox signing page with the
 * full name typed (decision 044). The customer's details name is the signer's when given; else `signerName`.
 */
export async function signAgreement(t: TestApp, token: string, signerName = 'Ada Lovelace') {
  const started = await callUser(t.app, 'startDocusign', token, { signerName })
  if (started.body.result !== true) throw new Error(`agreement signing refused: ${JSON.stringify(started.body)}`)
  const envelope = new URL(started.body.data.signingUrl as string, 'http://sandbox').searchParams.get('envelope')
  const page = await t.app.inject({
    method: 'POST',
    url: '/sandbox/esign/sign',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ envelope: envelope ?? '', action: 'sign', signedName: signerName }).toString(),
  })
  if (page.statusCode !== 303) throw new Error(`the sandbox signing page answered ${page.statusCode}`)
}

/**
 * Proves a wallet through the real calls, as a customer does on the wallet screen: the message to sign is asked for,
 * signed with the tests' key (EIP-191 for EVM addresses, a Bitcoin signed message for bitcoin), and sent back. The
 * orders held for it move on, as the queued job moves them (decision 039).
 */
export async function proveWallet(
  t: TestApp,
  token: string,
  wallet: { crypto: 'btc' | 'eth' | 'avax' | 'usdc' | 'usdt'; address: string },
) {
  const issued = await callUser(t.app, 'walletChallenge', token, { wallet })
  if (issued.body.result !== true) throw new Error(`no message to sign: ${JSON.stringify(issued.body)}`)
  const { challengeId, message } = issued.body.data as { challengeId: string; message: string }
  const signature = wallet.crypto === 'btc' ? bitcoinSign(message) : personalSign(message)
  const proved = await callUser(t.app, 'walletProve', token, { challengeId, signature })
  if (proved.body.result !== true) throw new Error(`wallet not proven: ${JSON.stringify(proved.body)}`)
  await t.app.jobs.customerChecksChanged()
}

/**
 * A signed-in customer with fresh prices who has declared the source of funds, signed the agreement, whose identity
 * is verified and who has proven the tests' wallet (BTC_WALLET, ETH_WALLET): ready to buy and be paid out once their
 * details are given.
 */
export async function buyer(t: TestApp) {
  await t.app.jobs.refreshRates()
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  await signAgreement(t, customer.token)
  await verifyIdentity(t, customer.token)
  await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
  await proveWallet(t, customer.token, { crypto: 'eth', address: ETH_WALLET })
  return customer
}

/** A buyer who has also given their details (ADA_DETAILS): every step before a payout is done. */
export async function payableBuyer(t: TestApp) {
  const customer = await buyer(t)
  const saved = await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  if (saved.body.result !== true) throw new Error(`details refused: ${JSON.stringify(saved.body)}`)
  await t.app.jobs.customerChecksChanged()
  return customer
}
