import type { Page } from 'playwright-core'
import { visible } from './browser'

/** On the sandbox card checkout: types a test card the way a customer does and pays. */
export async function payOnSandboxCheckout(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber)
  await page.getByLabel('Expiry (MM/YY)').fill('12/30')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
}

export interface IncomingTransfer {
  creditedIban: string
  amount: string
  currency: string
  payerName: string
  payerIban: string
  paymentReference: string
}

/** On the sandbox bank partner's page: sends the exchange the notice of a transfer; answers the outcome it shows. */
export async function sendTransferNotice(page: Page, transfer: IncomingTransfer): Promise<string> {
  await page.goto('/sandbox/bank-partner')
  await page.getByLabel('Credited account (IBAN)').fill(transfer.creditedIban)
  await page.getByLabel('Amount').fill(transfer.amount)
  await page.getByLabel('Currency').selectOption(transfer.currency)
  await page.getByLabel('Payer name').fill(transfer.payerName)
  await page.getByLabel('Payer IBAN').fill(transfer.payerIban)
  await page.getByLabel('Payment reference').fill(transfer.paymentReference)
  await page.getByRole('button', { name: 'Send notice' }).click()
  await visible(page.getByRole('heading', { name: 'Notice sent' }))
  return (await page.locator('main strong').first().innerText()).trim()
}

/** A value of the transfer details on the payment screens: the line under its label (IBAN, Amount, Payment reference …). */
export async function transferDetail(page: Page, label: string): Promise<string> {
  const row = page.getByRole('group', { name: label, exact: true })
  await visible(row)
  const lines = (await row.innerText())
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const value = lines[1]
  if (!value) throw new Error(`no value under ${label}`)
  return value
}
