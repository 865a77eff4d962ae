import { JWT_COOKIE_NAME } from '@exchange/shared/constants'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  DESKTOP,
  MOBILE,
  connectBrowser,
  newContext,
  screenshotAtBothWidths,
  screenshotFromTop,
  visible,
} from '../support/browser'
import {
  PAYER_NAME,
  proveWallet,
  declareSourceOfFunds,
  expectInHistory,
  saveDetailsThroughApi,
  signUpThroughApi,
  startOrder,
  verifyIdentity,
  waitForMails,
} from '../support/customer'
import { operatorBrowser } from '../support/operator'
import { payOnSandboxCheckout, sendTransferNotice, transferDetail } from '../support/sandbox-parties'

// The server runs with e2e/fixtures/trading.json: eur has one card provider, gbp one bank ('sandbox-uk-1').
const baseUrl = inject('baseUrl')
const EUR = 'EUR – Euro'
const GBP = 'GBP – British pound'
const CARD_APPROVED = '4242424242424242'
const CARD_DECLINED = '4000000000000002'
const CARD_3DS = '4000000000003220'
/** The payer's own account at another bank (a valid UK IBAN). */
const PAYER_IBAN = 'GB29NWBK60161331926819'
/** Someone other than the customer, so that the bank's payer name does not match and the payment is held. */
const OTHER_PAYER = 'Charles Babbage'
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * A customer with their name saved, identity verified and the journeys' wallet proven (every step before a payout), on
 * a new page of a browser context of its own.
 */
async function customerWithDetails(label: string, viewport = DESKTOP) {
  const context = await newContext(browser, baseUrl, viewport)
  const page = await context.newPage()
  const email = await signUpThroughApi(page, baseUrl, label)
  await declareSourceOfFunds(page)
  await saveDetailsThroughApi(page)
  await verifyIdentity(page)
  await proveWallet(page)
  return { context, page, email }
}

/** From the method screen, the one card provider of eur: the customer's name is known, so the virtual IBAN screen offers card or transfer. */
async function chooseCardToViban(page: Page) {
  await page.getByRole('button', { name: 'Card', exact: true }).click()
  await page.waitForURL(/\/dashboard-viban\?order=[A-Z0-9]+$/)
  await visible(page.getByRole('heading', { name: 'Pay by card' }))
}

/**
 * From the calculator, a whole-euro order paid by eur's one card provider: "Pay by card" on the virtual IBAN screen,
 * then the start screen (kept as `startScreenshot` when named), to the sandbox checkout.
 */
async function startCardCheckout(page: Page, euros: string, startScreenshot?: string): Promise<string> {
  const reference = await startOrder(page, EUR, euros)
  await chooseCardToViban(page)
  await page.getByRole('button', { name: 'Pay by card' }).click()
  await page.waitForURL(/\/dashboard-startcc\?order=[A-Z0-9]+$/)
  const pay = page.getByRole('button', { name: `Pay ${euros}.00 EUR by card` })
  await visible(pay)
  if (startScreenshot) await screenshotFromTop(page, startScreenshot)
  await pay.click()
  await page.waitForURL('**/sandbox/psp/checkout?session=*')
  return reference
}

/** From the calculator, an order in GBP: its one bank goes straight to the wire screen (pay-by-bank or manual). */
async function startBankTransferOrder(page: Page, amount: string): Promise<string> {
  const reference = await startOrder(page, GBP, amount)
  await page.getByRole('button', { name: 'Bank transfer', exact: true }).click()
  await page.waitForURL(/\/dashboard-wire\?order=[A-Z0-9]+$/)
  return reference
}

describe('pay journeys', () => {
  it('card, approved: the checkout returns to the thank-you screen; the order completes and is mailed', async () => {
    const { context, page, email } = await customerWithDetails('paycard')
    const reference = await startCardCheckout(page, '250', 'startcc-1280')
    await visible(page.getByText(reference))
    await screenshotAtBothWidths(page, 'checkout')
    await payOnSandboxCheckout(page, CARD_APPROVED)

    await page.waitForURL(/\/dashboard-thankyou\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('heading', { name: 'Thank you' }))
    await visible(page.getByRole('region', { name: 'Your order' }).getByText(reference))
    await visible(page.getByText('Your coins are on their way'))
    // The sandbox's delivery has no chain behind it: the transaction says so, with no explorer link.
    const sent = page.getByRole('region', { name: 'Delivery transaction' })
    await visible(sent.getByText('Simulated transaction (test environment)'))
    await visible(sent.getByText(/^SIMULATED-[0-9a-f]{32}$/))
    expect(await sent.getByRole('link').count()).toBe(0)
    await visible(page.getByRole('link', { name: 'View receipt' }))
    await screenshotFromTop(page, 'thankyou-1280')
    await screenshotAtBothWidths(page, 'thankyou-simulated-transaction')

    expect(await waitForMails(baseUrl, email, ['order_paid', 'order_completed'])).toEqual(
      expect.arrayContaining(['order_created', 'order_paid', 'order_completed']),
    )
    const drawer = await expectInHistory(page, reference, 'Completed', [
      'You chose how to pay',
      'Payment received',
      'Buying and sending your coins',
      'Coins sent',
    ])
    await visible(drawer.getByText('Card payment of', { exact: false }).first())
    await screenshotAtBothWidths(page, 'history-card-completed')
    await context.close()
  })

  it('card, declined (375 px): the sorry screen says why and offers another card on the same order', async () => {
    const { context, page, email } = await customerWithDetails('paydecline', MOBILE)
    const reference = await startCardCheckout(page, '120', 'startcc-375')
    await payOnSandboxCheckout(page, CARD_DECLINED)

    await page.waitForURL(/\/dashboard-sorry\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('heading', { name: 'Payment not completed' }))
    await visible(page.getByText('Your card was declined by your bank.'))
    await visible(page.getByRole('link', { name: 'Try another card' }))
    await visible(page.getByRole('link', { name: 'Choose another way to pay' }))
    await screenshotFromTop(page, 'sorry-375')
    expect(await waitForMails(baseUrl, email, ['order_failed'])).not.toContain('order_paid')
    await expectInHistory(page, reference, 'Started', [
      'Payment not completed: your order keeps its price',
      /^Your card payment did not go through: Your card was declined/,
    ])
    await screenshotAtBothWidths(page, 'history-card-declined')
    await context.close()
  })

  it('card with a 3-D Secure step (375 px): the bank asks, the customer confirms, and the order completes', async () => {
    const { context, page, email } = await customerWithDetails('pay3ds', MOBILE)
    const reference = await startCardCheckout(page, '80')
    await payOnSandboxCheckout(page, CARD_3DS)

    await page.waitForURL('**/sandbox/psp/3ds?session=*')
    await visible(page.getByText('Your bank asks you to confirm the payment of 80.00 EUR'))
    await screenshotAtBothWidths(page, 'checkout-3ds')
    await page.getByRole('button', { name: 'Confirm payment' }).click()

    await page.waitForURL(/\/dashboard-thankyou\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('region', { name: 'Your order' }).getByText(reference))
    await visible(page.getByText('Your coins are on their way'))
    await waitForMails(baseUrl, email, ['order_paid', 'order_completed'])
    await expectInHistory(page, reference, 'Completed', [
      'You chose how to pay',
      'We received your card payment of 80.00 EUR',
      'Coins sent',
    ])
    await context.close()
  })

  it('card paid after the order was cancelled in another tab (375 px): nothing is bought, the sorry screen says the money goes back', async () => {
    const { context, page, email } = await customerWithDetails('paylate', MOBILE)
    const reference = await startCardCheckout(page, '60')
    // While the checkout is open, the customer cancels the order elsewhere (another tab, the app).
    const token = (await context.cookies()).find((cookie) => cookie.name === JWT_COOKIE_NAME)?.value
    const cancelled = await page.request.post('/v1/user/exchangeUpdateOrder', {
      headers: { authorization: `Bearer ${token}` },
      data: { brandName: 'Helvex', orderReference: reference, statusName: 'cancelled' },
    })
    expect(await cancelled.json()).toMatchObject({ result: true, statusName: 'cancelled' })
    await payOnSandboxCheckout(page, CARD_APPROVED)

    await page.waitForURL(/\/dashboard-sorry\?order=[A-Z0-9]+$/)
    await visible(
      page.getByText(
        'This order was cancelled before your payment arrived. We are sending 60.00 EUR back to your card.',
      ),
    )
    await visible(page.getByText('A refund can take a few working days to show on your statement.'))
    await visible(page.getByText('Your payment came too late to buy anything.'))
    await screenshotAtBothWidths(page, 'sorry-refunded')
    expect(await waitForMails(baseUrl, email, ['order_refunded'])).not.toContain('order_completed')
    await expectInHistory(page, reference, 'Cancelled', [
      'Your card payment of 60.00 EUR was not needed for this order; it goes back to you',
    ])
    await context.close()
  })

  it('pay-by-bank, approved (375 px): the bank app payment returns to the thank-you screen', async () => {
    const { context, page, email } = await customerWithDetails('paybank', MOBILE)
    const reference = await startBankTransferOrder(page, '200')
    await visible(page.getByRole('button', { name: 'Pay with your bank app' }))
    await screenshotFromTop(page, 'wire-375')

    await page.getByRole('button', { name: 'Pay with your bank app' }).click()
    await page.waitForURL('**/sandbox/bank/consent?consent=*')
    await visible(page.getByText(reference))
    await screenshotAtBothWidths(page, 'bank-consent')
    await page.getByRole('button', { name: 'Approve payment' }).click()

    await page.waitForURL(/\/dashboard-thankyou\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('heading', { name: 'Thank you' }))
    await visible(page.getByText('Your coins are on their way'))
    await screenshotFromTop(page, 'thankyou-375')
    await waitForMails(baseUrl, email, ['order_paid', 'order_completed'])
    await expectInHistory(page, reference, 'Completed', [
      'You chose how to pay',
      'We received your bank payment of 200.00 GBP',
      'Coins sent',
    ])
    await screenshotAtBothWidths(page, 'history-bank-completed')
    await context.close()
  })

  it('pay-by-bank, cancelled at the bank: the sorry screen says so', async () => {
    const { context, page, email } = await customerWithDetails('paybankcancel')
    const reference = await startBankTransferOrder(page, '90')
    await page.getByRole('button', { name: 'Pay with your bank app' }).click()
    await page.waitForURL('**/sandbox/bank/consent?consent=*')
    await page.getByRole('button', { name: 'Cancel' }).click()

    await page.waitForURL(/\/dashboard-sorry\?order=[A-Z0-9]+$/)
    await visible(page.getByText('You cancelled the payment at your bank.'))
    // The order keeps its price for another try.
    await visible(page.getByRole('region', { name: 'Your order' }).getByText('Started', { exact: true }))
    await visible(page.getByRole('link', { name: 'Choose another way to pay' }))
    await screenshotFromTop(page, 'sorry-1280')
    await waitForMails(baseUrl, email, ['order_failed'])
    await expectInHistory(page, reference, 'Started', [
      'Payment not completed: your order keeps its price',
      /^Your bank payment did not go through: /,
    ])

    // The return page trusts only the api: a session id it does not know shows no result.
    await page.goto('/dashboard-returncc?session_id=cs_unknown')
    await visible(page.getByText('We could not find this payment.'))
    await screenshotAtBothWidths(page, 'returncc-unknown')
    await context.close()
  })

  it('manual wire: the shown account, amount and reference, sent from the sandbox bank, complete the order', async () => {
    const { context, page, email } = await customerWithDetails('paywire')
    const reference = await startBankTransferOrder(page, '150')
    await screenshotFromTop(page, 'wire-1280')
    await page.getByRole('button', { name: 'Transfer manually' }).click()
    await visible(page.getByRole('heading', { name: 'Your transfer' }))
    await visible(page.getByText('Sandbox bank (test environment)'))
    await visible(page.getByRole('button', { name: 'Copy payment reference' }))
    await visible(page.getByRole('region', { name: 'Your order' }).getByText('Awaiting payment', { exact: true }))

    const iban = await transferDetail(page, 'IBAN')
    const amount = await transferDetail(page, 'Amount')
    const shownReference = await transferDetail(page, 'Payment reference')
    expect(shownReference).toBe(reference)
    expect(amount).toBe('150.00 GBP')
    expect(iban).toMatch(/^GB\d{2}( [A-Z0-9]{1,4})+$/)
    await screenshotAtBothWidths(page, 'wire-instructions')

    const outcome = await sendTransferNotice(page, {
      creditedIban: iban,
      amount: amount.split(' ')[0]!.replaceAll(',', ''),
      currency: 'gbp',
      payerName: PAYER_NAME,
      payerIban: PAYER_IBAN,
      paymentReference: shownReference,
    })
    expect(outcome).toBe('matched')
    await screenshotAtBothWidths(page, 'bank-partner-notice-sent')

    await waitForMails(baseUrl, email, ['order_paid', 'order_completed'])
    await expectInHistory(page, reference, 'Completed', [
      'You chose how to pay',
      'We received 150.00 GBP',
      'Coins sent',
    ])
    await screenshotAtBothWidths(page, 'history-wire-completed')
    await context.close()
  })

  it('virtual IBAN: the customer reports the transfer, the sandbox bank credits the IBAN, and the order completes', async () => {
    const { context, page, email } = await customerWithDetails('payviban')
    const reference = await startOrder(page, EUR, '300')
    await chooseCardToViban(page)
    await visible(page.getByText(/^CH\d{2}( \d{4})+ \d$/))
    await screenshotFromTop(page, 'viban-1280')
    await page.getByRole('button', { name: 'Pay by bank transfer to your personal IBAN' }).click()
    await page.waitForURL(/\/dashboard-vibanDetails\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('button', { name: 'Copy IBAN' }))
    await visible(page.getByText('Sandbox bank (test environment)'))
    const iban = await transferDetail(page, 'IBAN')
    expect(await transferDetail(page, 'Amount')).toBe('300.00 EUR')
    expect(await transferDetail(page, 'Order reference')).toBe(reference)
    await screenshotAtBothWidths(page, 'vibanDetails')

    await page.getByRole('button', { name: 'I have paid' }).click()
    await visible(
      page.getByText('Thank you. This page shows the payment as soon as the money arrives, and we e-mail you then.'),
    )
    await visible(page.getByRole('link', { name: 'Follow your order in History' }))

    const outcome = await sendTransferNotice(page, {
      creditedIban: iban,
      amount: '300.00',
      currency: 'eur',
      payerName: PAYER_NAME,
      payerIban: PAYER_IBAN,
      paymentReference: '',
    })
    expect(outcome).toBe('matched')

    await waitForMails(baseUrl, email, ['order_paid', 'order_completed'])
    await expectInHistory(page, reference, 'Completed', [
      'You chose how to pay',
      'You told us the transfer is on its way',
      'Coins sent',
    ])
    await screenshotAtBothWidths(page, 'history-viban-completed')
    await context.close()
  })

  it('a wire from an account in another name is held; an operator approves it on the operator page and the order completes', async () => {
    const { context, page, email } = await customerWithDetails('payheld')
    const reference = await startBankTransferOrder(page, '120')
    await page.getByRole('button', { name: 'Transfer manually' }).click()
    const iban = await transferDetail(page, 'IBAN')
    const outcome = await sendTransferNotice(page, {
      creditedIban: iban,
      amount: '120.00',
      currency: 'gbp',
      payerName: OTHER_PAYER,
      payerIban: PAYER_IBAN,
      paymentReference: reference,
    })
    expect(outcome).toBe('held_name_mismatch')
    await waitForMails(baseUrl, email, ['order_payment_review'])
    const review = await expectInHistory(page, reference, 'Payment under review', [
      /came from an account in another name than yours: we check it before it counts/,
    ])
    await visible(review.getByText('Payment under review').first())
    await screenshotAtBothWidths(page, 'history-payment-under-review')

    // The operator view asks for an operator's sign-in (decision 127); a browser without one is refused.
    const stranger = await newContext(browser, baseUrl)
    expect((await stranger.request.get('/operator')).status()).toBe(401)
    await stranger.close()

    const operatorContext = await operatorBrowser(browser, baseUrl, inject('operator'))
    const operator = await operatorContext.newPage()
    await operator.goto('/operator')
    await visible(operator.getByText(`signed in as ${inject('operator').username}`))
    const held = operator.getByRole('row').filter({ hasText: reference }).filter({ hasText: OTHER_PAYER })
    await visible(held)
    await screenshotAtBothWidths(operator, 'operator-held')
    await held.getByPlaceholder('why (for the second operator)').fill('Payer is her husband')
    await held.getByRole('button', { name: 'Ask to release' }).click()
    await visible(operator.getByRole('status').getByText('Asked: a second operator'))
    await operatorContext.close()
    // A second operator releases it (four eyes, decision 132).
    const secondContext = await operatorBrowser(browser, baseUrl, inject('secondOperator'))
    const second = await secondContext.newPage()
    await second.goto('/operator')
    const request = second.getByRole('row').filter({ hasText: 'Payer is her husband' })
    await visible(request.getByText(inject('operator').username))
    await screenshotAtBothWidths(second, 'operator-four-eyes')
    await request.getByPlaceholder('why you approve').fill('Marriage certificate seen')
    await request.getByRole('button', { name: 'Approve' }).click()
    await visible(second.getByRole('status').getByText('Approved and done'))
    await visible(
      second
        .getByRole('row')
        .filter({ hasText: inject('secondOperator').username })
        .filter({ hasText: 'four_eyes_approved' }),
    )
    await screenshotAtBothWidths(second, 'operator-approved')
    await secondContext.close()

    await waitForMails(baseUrl, email, ['order_paid', 'order_completed'])
    await expectInHistory(page, reference, 'Completed', [
      /came from an account in another name than yours: we check it before it counts/,
      'Coins sent',
    ])
    await context.close()
  })
})
