import { FIAT_CURRENCIES, FiatCurrency } from '@exchange/shared/currencies'
import { formatIban } from '@exchange/shared/iban'
import { FiatAmountString } from '@exchange/shared/money'
import type { FastifyPluginAsync } from 'fastify'
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Clock } from '../../clock'
import { escapeHtml } from '../../modules/mail/mail.templates'
import { acceptFormPosts } from '../../plugins/form-posts'
import { sendPage } from '../sandbox/pages'
import { signNotice } from '../signed-notice'
import { BANK_SIGNATURE_HEADER, BankTransferNotification } from './bank-notification'
import type { BankPartnerProvider } from './bank-partner.provider'

/** The form takes what the bank's notice takes (`BankTransferNotification`), so that it never sends one refused. */
const TransferForm = z.object({
  creditedIban: BankTransferNotification.shape.data.shape.creditedIban,
  amount: FiatAmountString,
  currency: FiatCurrency,
  payerName: BankTransferNotification.shape.data.shape.payerName,
  payerIban: BankTransferNotification.shape.data.shape.payerIban,
  paymentReference: BankTransferNotification.shape.data.shape.paymentReference.default(''),
})

/**
 * The sandbox bank's operator page: sends the exchange a signed notice of an incoming transfer, exactly as the real
 * bank partner would, so wire and virtual-IBAN payments can be clicked through end to end.
 */
export function sandboxBankRoutes(deps: { bank: BankPartnerProvider; key: Buffer; clock: Clock }): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app)

    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      const accounts = FIAT_CURRENCIES.map((fiat) => deps.bank.receivingAccount(fiat)).filter(
        (account) => account !== undefined,
      )
      const options = accounts
        .map((account) => `<option value="${account.iban}">${formatIban(account.iban)} (company account)</option>`)
        .join('')
      return sendPage(
        reply,
        200,
        'Sandbox bank partner',
        'Send an incoming transfer',
        `
<p>Sends a signed <code>transfer.received</code> notice to the exchange. Use the order reference as payment reference for a wire,
or the customer's virtual IBAN as credited account.</p>
<form method="post" action="/sandbox/bank-partner/transfers">
<label for="creditedIban">Credited account (IBAN)</label><input id="creditedIban" name="creditedIban" list="accounts" required>
<datalist id="accounts">${options}</datalist>
<label for="amount">Amount</label><input id="amount" name="amount" inputmode="decimal" required placeholder="250.00">
<label for="currency">Currency</label><select id="currency" name="currency">${FIAT_CURRENCIES.map((fiat) => `<option value="${fiat}">${fiat.toUpperCase()}</option>`).join('')}</select>
<label for="payerName">Payer name</label><input id="payerName" name="payerName" required>
<label for="payerIban">Payer IBAN</label><input id="payerIban" name="payerIban" required value="CH9300762011623852957">
<label for="paymentReference">Payment reference</label><input id="paymentReference" name="paymentReference">
<button type="submit">Send notice</button>
</form>`,
      )
    })

    app.post('/transfers', { schema: { hide: true } }, async (request, reply) => {
      const wantsJson = (request.headers['content-type'] ?? '').includes('application/json')
      const parsed = TransferForm.safeParse(request.body)
      if (!parsed.success) {
        const message = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
        return wantsJson
          ? reply.code(400).send({ result: false, error: 'validation_failed' })
          : sendPage(
              reply,
              400,
              'Sandbox bank partner',
              'Notice not sent',
              `<p>${escapeHtml(message)}</p><p><a href="/sandbox/bank-partner">Back</a></p>`,
            )
      }
      const body = JSON.stringify({
        eventId: `evt_${randomBytes(8).toString('hex')}`,
        type: 'transfer.received',
        data: {
          transferId: `trf_${randomBytes(8).toString('hex')}`,
          ...parsed.data,
          receivedAt: deps.clock.now().toISOString(),
        },
      })
      const signature = signNotice(deps.key, body, Math.floor(deps.clock.now().getTime() / 1000))
      const delivered = await app.inject({
        method: 'POST',
        url: '/v1/webhooks/bank-partner',
        headers: { 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signature },
        payload: body,
      })
      const answer = delivered.json() as { result: boolean; outcome?: string }
      if (wantsJson) return reply.code(delivered.statusCode).send(answer)
      return sendPage(
        reply,
        200,
        'Sandbox bank partner',
        'Notice sent',
        `<p>The exchange answered <strong>${escapeHtml(answer.outcome ?? String(delivered.statusCode))}</strong>.</p><p><a href="/sandbox/bank-partner">Send another</a></p>`,
      )
    })
  }
}
