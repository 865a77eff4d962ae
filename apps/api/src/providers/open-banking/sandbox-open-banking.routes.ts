import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { buildIban, formatIban } from '@exchange/shared/iban'
import { formatAmount } from '@exchange/shared/money'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { escapeHtml } from '../../modules/mail/mail.templates'
import { acceptFormPosts } from '../../plugins/form-posts'
import type { SandboxNoticeService } from '../sandbox/notices.service'
import { formRefused, readForm, sandboxIdOf, sendPage } from '../sandbox/pages'
import type { SandboxConsent, SandboxOpenBanking } from './sandbox-open-banking.provider'

const PARTY = 'Sandbox bank (pay-by-bank)'

/** The consent page's two buttons; the account is the one picked to pay from. */
const ConsentForm = z.object({
  consent: z.string(),
  decision: z.enum(['approve', 'cancel']),
  account: z.string().max(40).optional(),
})

/** Two made-up accounts in the payer's name, with valid check digits, for the consent page. */
function accountsOf(consent: SandboxConsent) {
  return [
    { id: 'current', label: 'Current account', iban: buildIban('CH', '09999000000200001') },
    { id: 'savings', label: 'Savings account', iban: buildIban('CH', '09999000000200002') },
  ].map((account) => ({ ...account, holder: consent.payerName }))
}

/**
 * The customer's bank in the sandbox: shows the payment to approve, lets them pick the account, and reports the
 * result to the exchange as a signed notice before sending the browser back.
 */
export function sandboxOpenBankingRoutes(deps: {
  openBanking: SandboxOpenBanking
  notices: SandboxNoticeService
  brandName: string
}): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app)

    const consentOf = async (id: unknown) => {
      const consentId = sandboxIdOf(id)
      return consentId === undefined ? undefined : deps.openBanking.findConsent(consentId)
    }
    const notFound = (reply: FastifyReply) =>
      sendPage(reply, 404, PARTY, 'Payment request not found', '<p>This request does not exist.</p>')
    const closed = (reply: FastifyReply) =>
      sendPage(reply, 410, PARTY, 'This payment request is closed', '<p>It was already approved or cancelled.</p>')

    async function finish(reply: FastifyReply, consent: SandboxConsent, outcome: 'executed' | 'cancelled') {
      const failureReason = outcome === 'cancelled' ? 'You cancelled the payment at your bank.' : undefined
      await deps.openBanking.setConsentStatus(consent.id, outcome, failureReason)
      const eventId = `evt_ob_${randomBytes(10).toString('hex')}`
      const body = JSON.stringify({
        id: eventId,
        type: outcome === 'executed' ? 'payment.executed' : 'payment.cancelled',
        data: {
          consentId: consent.id,
          ...(failureReason && { failureReason }),
        },
      })
      // Kept until the exchange answers 2xx; an unanswered notice is sent again later, as TrueLayer does.
      await deps.notices.send('open-banking', eventId, body)
      return reply.redirect(consent.returnUrl, 303)
    }

    app.get('/consent', { schema: { hide: true } }, async (request, reply) => {
      const consent = await consentOf((request.query as { consent?: unknown }).consent)
      if (!consent) return notFound(reply)
      if (consent.status !== 'open') return closed(reply)
      const amount = `${formatAmount(consent.amount, FIAT_DECIMALS)} ${consent.currency.toUpperCase()}`
      const accounts = accountsOf(consent)
        .map(
          (account, index) =>
            `<label><input type="radio" name="account" value="${account.id}"${index === 0 ? ' checked' : ''}> ${escapeHtml(account.label)} · ${formatIban(account.iban)}</label>`,
        )
        .join('')
      return sendPage(
        reply,
        200,
        PARTY,
        `Approve a payment of ${amount}`,
        `
<div class="card"><p><strong>${escapeHtml(deps.brandName)}</strong> asks to take <strong>${amount}</strong> from your account, reference <code>${escapeHtml(consent.orderReference)}</code>.</p>
<p>Bank: ${escapeHtml(consent.bankId)} · Account holder: ${escapeHtml(consent.payerName)}</p></div>
<form method="post" action="/sandbox/bank/consent"><input type="hidden" name="consent" value="${escapeHtml(consent.id)}"><input type="hidden" name="decision" value="approve">
<fieldset><legend>Pay from</legend>${accounts}</fieldset><button type="submit">Approve payment</button></form>
<form method="post" action="/sandbox/bank/consent"><input type="hidden" name="consent" value="${escapeHtml(consent.id)}"><input type="hidden" name="decision" value="cancel"><button class="secondary" type="submit">Cancel</button></form>`,
      )
    })

    app.post('/consent', { schema: { hide: true } }, async (request, reply) => {
      const form = readForm(ConsentForm, request.body)
      if (!form) return formRefused(reply, PARTY, 'Approve or cancel the payment request from its page.')
      const consent = await consentOf(form.consent)
      if (!consent) return notFound(reply)
      if (consent.status !== 'open') return closed(reply)
      if (form.decision === 'approve' && !accountsOf(consent).some((account) => account.id === form.account))
        return formRefused(reply, PARTY, 'Pick one of the accounts to pay from.')
      return finish(reply, consent, form.decision === 'approve' ? 'executed' : 'cancelled')
    })
  }
}
