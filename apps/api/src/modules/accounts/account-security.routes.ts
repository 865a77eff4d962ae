import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { ErrorCode } from '@exchange/shared/errors'
import {
  ChangeLanguageAnswer,
  ChangeLanguageRequest,
  ChangePasswordAnswer,
  ChangePasswordRequest,
  CloseAccountAnswer,
  CloseAccountRequest,
  ConfirmEmailChangeAnswer,
  ConfirmEmailChangeRequest,
  EndOtherSessionsAnswer,
  EndSessionAnswer,
  EndSessionRequest,
  ListSessionsAnswer,
  StartEmailChangeAnswer,
  StartEmailChangeRequest,
  UndoEmailChangeAnswer,
  UndoEmailChangeRequest,
  UndoToken,
} from '@exchange/shared/account-security.schemas'
import { UserRequest } from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import { PayoutHoldsAnswer } from '@exchange/shared/payout-hold'
import { AppError } from '../../errors'
import { acceptFormPosts } from '../../plugins/form-posts'
import type { RateLimits } from '../../plugins/rate-limits'
import type { ZodApp } from '../../plugins/zod-app'
import { sessionOf } from '../../plugins/session'
import type { VisitorCountryOf } from '../../providers/geoip/visitor-country'
import { originOf } from './accounts.routes'
import type { AccountService } from './accounts.service'
import { undoEmailPage, undoRefusedPage, undoneEmailPage } from './undo-email.page'

const refusals = { 400: FailureAnswer, 401: FailureAnswer, 429: FailureAnswer }
const user = (summary: string) => ({ tags: ['account security'], summary, security: [{ bearer: [] }] })

interface SecurityCalls {
  accounts: AccountService
  visitorCountryOf: VisitorCountryOf
}

/** The signed-in customer's security settings on /dashAccount (decision 121), as `POST /v1/user/{name}`. */
export function accountSecurityRoutes(calls: SecurityCalls): FastifyPluginAsyncZod {
  return async (app) => {
    registerPasswordAndSessions(app, calls)
    registerEmailAndClosing(app, calls)
    registerPayoutHolds(app, calls)
    registerLanguage(app, calls)
  }
}

/** The language of the customer's e-mails and of the web after login (decision 131). */
function registerLanguage(app: ZodApp, { accounts }: SecurityCalls) {
  app.post(
    '/changeLanguage',
    {
      schema: {
        ...user("Set the customer's language (en, de, fr, it): their e-mails are written in it from the next one on"),
        body: ChangeLanguageRequest,
        response: { 200: ChangeLanguageAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await accounts.changeLanguage(sessionOf(request).customerId, request.body.language)),
    }),
  )
}

/** The password, and the list of sessions with its ways to sign out. */
function registerPasswordAndSessions(app: ZodApp, { accounts, visitorCountryOf }: SecurityCalls) {
  app.post(
    '/changePassword',
    {
      schema: {
        ...user('Change the password: the current one proves it is you; every other session is signed out'),
        body: ChangePasswordRequest,
        response: { 200: ChangePasswordAnswer, ...refusals },
      },
    },
    async (request) => {
      const { currentPassword, secondFactor, newPassword } = request.body
      const changed = await accounts.changePassword(
        sessionOf(request),
        { currentPassword, secondFactor, newPassword },
        originOf(request),
      )
      return { result: true as const, ...changed }
    },
  )

  app.post(
    '/listSessions',
    {
      schema: {
        ...user("The customer's signed-in devices: device, place, last seen, and which one is this"),
        body: UserRequest,
        response: { 200: ListSessionsAnswer, ...refusals },
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const countryOf = (ip: string) => visitorCountryOf({ ip, headers: {} })
      const data = await accounts.listSessions(session.customerId, session.sessionId, countryOf)
      return { result: true as const, data }
    },
  )

  app.post(
    '/endSession',
    {
      schema: {
        ...user('Sign out one session of the list (this one too)'),
        body: EndSessionRequest,
        response: { 200: EndSessionAnswer, ...refusals },
      },
    },
    async (request) => {
      await accounts.endSession(sessionOf(request), request.body.sessionId, originOf(request))
      return { result: true as const }
    },
  )

  app.post(
    '/endOtherSessions',
    {
      schema: {
        ...user('Sign out everywhere else'),
        body: UserRequest,
        response: { 200: EndOtherSessionsAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await accounts.endOtherSessions(sessionOf(request), originOf(request))),
    }),
  )
}

/** What the screens before payment tell of a payout hold after a security change (decision 126). */
function registerPayoutHolds(app: ZodApp, { accounts }: SecurityCalls) {
  app.post(
    '/payoutHolds',
    {
      schema: {
        ...user(
          'The security changes of the last 24 hours that hold payouts to new wallets, and the wallets paid out to before',
        ),
        body: UserRequest,
        response: { 200: PayoutHoldsAnswer, ...refusals },
      },
    },
    async (request) => ({ result: true as const, data: await accounts.payoutHolds(sessionOf(request).customerId) }),
  )
}

/** The e-mail change (code to the new address) and closing the account. */
function registerEmailAndClosing(app: ZodApp, { accounts }: SecurityCalls) {
  app.post(
    '/startEmailChange',
    {
      schema: {
        ...user('Ask for a new e-mail address: the current password proves it is you; a code goes to the new one'),
        body: StartEmailChangeRequest,
        response: { 200: StartEmailChangeAnswer, ...refusals },
      },
    },
    async (request) => {
      const { currentPassword, secondFactor, newEmail } = request.body
      const started = await accounts.startEmailChange(
        sessionOf(request),
        { currentPassword, secondFactor, newEmail },
        originOf(request),
      )
      return { result: true as const, ...started }
    },
  )

  app.post(
    '/confirmEmailChange',
    {
      schema: {
        ...user('Type the code sent to the new address: the e-mail changes and the old address is told'),
        body: ConfirmEmailChangeRequest,
        response: { 200: ConfirmEmailChangeAnswer, ...refusals },
      },
    },
    async (request) => {
      const changed = await accounts.confirmEmailChange(sessionOf(request), request.body.code, originOf(request))
      return { result: true as const, ...changed }
    },
  )

  app.post(
    '/closeAccount',
    {
      schema: {
        ...user('Close the account: refused, with the orders named, while an order is in progress'),
        body: CloseAccountRequest,
        response: { 200: CloseAccountAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await accounts.closeAccount(
        sessionOf(request),
        { currentPassword: request.body.currentPassword, secondFactor: request.body.secondFactor },
        originOf(request),
      )),
    }),
  )
}

/** The old address's undo link (decision 121), as `POST /v1/public/undoEmailChange`: no session, the token proves it. */
export function undoEmailChangeRoute({
  accounts,
  limits,
}: {
  accounts: AccountService
  limits: RateLimits
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/undoEmailChange',
      {
        config: { rateLimit: limits.perIp },
        schema: {
          tags: ['account security'],
          summary: "Undo an e-mail change from the old address's link, once, within 72 hours; signs out every session",
          body: UndoEmailChangeRequest,
          response: { 200: UndoEmailChangeAnswer, 400: FailureAnswer, 413: FailureAnswer, 429: FailureAnswer },
        },
      },
      async (request) => ({
        result: true as const,
        ...(await accounts.undoEmailChange(request.body.token, originOf(request))),
      }),
    )
  }
}

const UNDO_REFUSALS: Partial<Record<ErrorCode, string>> = {
  undo_link_invalid: 'This link is not valid, or it was already used.',
  undo_link_expired: 'This link has expired: an e-mail change can be undone for 72 hours only.',
  undo_address_taken: 'This address now belongs to another account: write to us and we will sort it out.',
  validation_failed: 'This link is not complete: open it from the e-mail again.',
  rate_limited: 'Too many tries: wait a minute and open the link again.',
}

/**
 * `/undoemail`, the page the old address's link opens, and its form (decision 121): HTML from the api, no script.
 * Every refusal is a page with a sentence; anything else goes to the app's error handler.
 */
export function undoEmailPages({
  accounts,
  limits,
  brand,
}: {
  accounts: AccountService
  limits: RateLimits
  brand: BrandConfig
}): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app)
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).type('text/html; charset=utf-8').send(body)
    app.setErrorHandler((error, _request, reply) => {
      const code =
        error instanceof AppError
          ? error.code
          : (error as { statusCode?: number }).statusCode === 429
            ? 'rate_limited'
            : undefined
      const sentence = code ? UNDO_REFUSALS[code] : undefined
      if (!sentence) throw error
      return html(reply, error instanceof AppError ? error.statusCode : 429, undoRefusedPage(brand, sentence))
    })
    app.get('/', { config: { rateLimit: limits.perIp }, schema: { hide: true } }, async (request, reply) => {
      const token = UndoToken.safeParse((request.query as { token?: unknown }).token)
      if (!token.success) throw new AppError('validation_failed', 400)
      return html(reply, 200, undoEmailPage(brand, token.data))
    })
    app.post('/', { config: { rateLimit: limits.perIp }, schema: { hide: true } }, async (request, reply) => {
      const token = UndoToken.safeParse((request.body as { token?: unknown } | undefined)?.token)
      if (!token.success) throw new AppError('validation_failed', 400)
      const { email } = await accounts.undoEmailChange(token.data, originOf(request))
      return html(reply, 200, undoneEmailPage(brand, email))
    })
  }
}
