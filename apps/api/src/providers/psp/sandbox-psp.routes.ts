import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { formatAmount } from '@exchange/shared/money'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify'
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { escapeHtml } from '../../modules/mail/mail.templates'
import { acceptFormPosts } from '../../plugins/form-posts'
import type { SandboxNoticeService } from '../sandbox/notices.service'
import { formRefused, readForm, sandboxIdOf, sandboxPage, sendPage } from '../sandbox/pages'
import { SANDBOX_TEST_CARDS, type SandboxCheckout, type SandboxPsp } from './sandbox-psp.provider'

const PARTY = 'Sandbox card checkout'

/** The checkout's card form ("any future expiry, any CVC": read as MM/YY and three or four digits). */
const PayForm = z.object({
  session: z.string(),
  cardNumber: z.string().max(40),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/),
  cvc: z.string().regex(/^\d{3,4}$/),
})
const SessionForm = z.object({ session: z.string() })
const ThreeDSecureForm = z.object({ session: z.string(), result: z.enum(['approve', 'fail']) })

const DECLINES: Record<string, string> = {
  [SANDBOX_TEST_CARDS.decline]: 'Your card was declined by your bank.',
  [SANDBOX_TEST_CARDS.insufficientFunds]: 'Your card has insufficient funds.',
}

function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** What the checkout needs: the provider's checkouts, the notices to the exchange and the brand's name. */
interface PspDeps {
  psp: SandboxPsp
  notices: SandboxNoticeService
  brandName: string
}

async function sessionOf(psp: SandboxPsp, id: unknown) {
  const sessionId = sandboxIdOf(id)
  return sessionId === undefined ? undefined : psp.findCheckout(sessionId)
}

function notFound(reply: FastifyReply) {
  return sendPage(reply, 404, PARTY, 'Checkout not found', '<p>This checkout does not exist.</p>')
}

function closed(reply: FastifyReply) {
  return sendPage(reply, 410, PARTY, 'This checkout is closed', '<p>The payment was already completed or failed.</p>')
}

async function finish(
  deps: PspDeps,
  reply: FastifyReply,
  session: SandboxCheckout,
  outcome: 'succeeded' | 'failed',
  failureReason?: string,
) {
  await deps.psp.setCheckoutStatus(session.id, outcome, failureReason)
  const eventId = `evt_test_${randomBytes(10).toString('hex')}`
  const body = JSON.stringify({
    id: eventId,
    type: outcome === 'succeeded' ? 'checkout.session.completed' : 'checkout.session.failed',
    data: { sessionId: session.id, ...(failureReason && { failureReason }) },
  })
  // Kept until the exchange answers 2xx; an unanswered notice is sent again later, as Stripe does.
  await deps.notices.send('psp', eventId, body)
  return reply.redirect(session.returnUrl, 303)
}

/** The checkout page; `cardRefused` says the card number sent was not a valid one. */
function checkoutPage(reply: FastifyReply, session: SandboxCheckout, cardRefused: boolean, brandName: string) {
  const error = cardRefused
    ? '<p class="error" role="alert">That card number is not valid. Use one of the test cards.</p>'
    : ''
  return reply
    .code(cardRefused ? 400 : 200)
    .type('text/html; charset=utf-8')
    .send(
      sandboxPage(
        PARTY,
        `Pay ${formatAmount(session.amount, FIAT_DECIMALS)} ${session.currency.toUpperCase()}`,
        `
<div class="card"><p>To <strong>${escapeHtml(brandName)}</strong> for order <code>${escapeHtml(session.orderReference)}</code>.</p>
<p>Test cards (any future expiry, any CVC):</p><table>
<tr><td><code>${SANDBOX_TEST_CARDS.approve}</code></td><td>approved</td></tr>
<tr><td><code>${SANDBOX_TEST_CARDS.decline}</code></td><td>declined</td></tr>
<tr><td><code>${SANDBOX_TEST_CARDS.threeDSecure}</code></td><td>asks for a 3-D Secure step</td></tr>
<tr><td><code>${SANDBOX_TEST_CARDS.insufficientFunds}</code></td><td>insufficient funds</td></tr></table></div>
${error}<form method="post" action="/sandbox/psp/checkout/pay">
<input type="hidden" name="session" value="${escapeHtml(session.id)}">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="12/30" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" required>
<button type="submit">Pay ${formatAmount(session.amount, FIAT_DECIMALS)} ${session.currency.toUpperCase()}</button>
</form>
<form method="post" action="/sandbox/psp/checkout/cancel"><input type="hidden" name="session" value="${escapeHtml(session.id)}"><button class="secondary" type="submit">Cancel and go back</button></form>`,
      ),
    )
}

/**
 * The sandbox PSP's hosted checkout: a card form with documented test cards, a 3-D Secure step, and the result
 * sent to the exchange as a signed notification before the browser goes back to the return page.
 */
export function sandboxPspRoutes(deps: PspDeps): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app)
    registerCheckout(app, deps)
    registerThreeDSecure(app, deps)
  }
}

/** The checkout page, its card form and its way out. */
function registerCheckout(app: FastifyInstance, deps: PspDeps) {
  app.get('/checkout', { schema: { hide: true } }, async (request, reply) => {
    const session = await sessionOf(deps.psp, (request.query as { session?: unknown }).session)
    if (!session) return notFound(reply)
    if (session.status !== 'open') return closed(reply)
    return checkoutPage(reply, session, (request.query as { error?: unknown }).error === 'card', deps.brandName)
  })

  app.post('/checkout/pay', { schema: { hide: true } }, async (request, reply) => {
    const form = readForm(PayForm, request.body)
    if (!form) return formRefused(reply, PARTY, 'Fill in the card number, expiry and CVC on the checkout page.')
    const session = await sessionOf(deps.psp, form.session)
    if (!session) return notFound(reply)
    if (session.status !== 'open') return closed(reply)
    const number = form.cardNumber.replace(/\s+/g, '')
    if (!luhnValid(number)) return checkoutPage(reply, session, true, deps.brandName)
    if (number === SANDBOX_TEST_CARDS.threeDSecure) {
      await deps.psp.setCheckoutStatus(session.id, 'requires_action')
      return reply.redirect(`/sandbox/psp/3ds?session=${session.id}`, 303)
    }
    const decline = DECLINES[number]
    return decline ? finish(deps, reply, session, 'failed', decline) : finish(deps, reply, session, 'succeeded')
  })

  app.post('/checkout/cancel', { schema: { hide: true } }, async (request, reply) => {
    const form = readForm(SessionForm, request.body)
    if (!form) return formRefused(reply, PARTY, 'Cancel the checkout from its page.')
    const session = await sessionOf(deps.psp, form.session)
    if (!session) return notFound(reply)
    if (session.status !== 'open') return closed(reply)
    return finish(deps, reply, session, 'failed', 'You cancelled the card payment.')
  })
}

/** The simulated 3-D Secure step of the test card that asks for one. */
function registerThreeDSecure(app: FastifyInstance, deps: PspDeps) {
  app.get('/3ds', { schema: { hide: true } }, async (request, reply) => {
    const session = await sessionOf(deps.psp, (request.query as { session?: unknown }).session)
    if (!session || session.status !== 'requires_action') return closed(reply)
    return sendPage(
      reply,
      200,
      PARTY,
      'Confirm with your bank',
      `
<div class="card"><p>Your bank asks you to confirm the payment of <strong>${formatAmount(session.amount, FIAT_DECIMALS)} ${session.currency.toUpperCase()}</strong> (3-D Secure, simulated).</p></div>
<form method="post" action="/sandbox/psp/3ds"><input type="hidden" name="session" value="${escapeHtml(session.id)}"><input type="hidden" name="result" value="approve"><button type="submit">Confirm payment</button></form>
<form method="post" action="/sandbox/psp/3ds"><input type="hidden" name="session" value="${escapeHtml(session.id)}"><input type="hidden" name="result" value="fail"><button class="secondary" type="submit">Fail the check</button></form>`,
    )
  })

  app.post('/3ds', { schema: { hide: true } }, async (request, reply) => {
    const form = readForm(ThreeDSecureForm, request.body)
    if (!form) return formRefused(reply, PARTY, 'Confirm or fail the check from its page.')
    const session = await sessionOf(deps.psp, form.session)
    if (!session || session.status !== 'requires_action') return closed(reply)
    return form.result === 'approve'
      ? finish(deps, reply, session, 'succeeded')
      : finish(deps, reply, session, 'failed', 'The 3-D Secure check with your bank was not completed.')
  })
}
