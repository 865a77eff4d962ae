import cookie from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CheckResetCodeAnswer,
  CheckResetCodeRequest,
  CompleteResetAnswer,
  CompleteResetRequest,
  LoginAnswer,
  LoginRequest,
  ResendCodeAnswer,
  ResendCodeRequest,
  SignUpAnswer,
  SignUpRequest,
  StartResetAnswer,
  StartResetRequest,
  VerifyCodeAnswer,
  VerifyCodeRequest,
} from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import { languageFromAcceptLanguage } from '@exchange/shared/languages'
import { type AnswerOnce, KeyedCallHeaders } from '../request-keys/answer-once'
import type { RateLimits } from '../../plugins/rate-limits'
import type { ZodApp } from '../../plugins/zod-app'
import type { RequestOrigin } from '../sessions/sessions.service'
import type { AccountService } from './accounts.service'

/** The browser's trusted-device token, sent to the public calls only (the partner's sign-in reads it too). */
export const TRUSTED_DEVICE_COOKIE = 'trustedDevice'
const TRUSTED_DEVICE_DAYS = 180

export function originOf(request: FastifyRequest): RequestOrigin {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    webOrigin: `${request.protocol}://${request.host}`,
  }
}

function refusals() {
  return { 400: FailureAnswer, 413: FailureAnswer, 429: FailureAnswer }
}

export function rememberDevice(
  reply: FastifyReply,
  request: FastifyRequest,
  deviceToken: string,
  publicUrlIsHttps: boolean,
) {
  reply.setCookie(TRUSTED_DEVICE_COOKIE, deviceToken, {
    path: '/v1/public',
    httpOnly: true,
    sameSite: 'strict',
    // Behind a TLS proxy the app itself sees http: the public address says whether browsers reach it over https.
    secure: publicUrlIsHttps || request.protocol === 'https',
    maxAge: TRUSTED_DEVICE_DAYS * 86_400,
  })
}

/** What the account calls share: the service, the rate limits and whether the public address is https. */
interface AccountCalls {
  accounts: AccountService
  limits: RateLimits
  answerOnce: AnswerOnce
  publicUrlIsHttps: boolean
}

/** A call limited per source and per e-mail address. */
function limited(limits: RateLimits, call: string) {
  return { config: { rateLimit: limits.perIp }, preHandler: limits.perEmail(call) }
}

/** The public account calls of spec section 7, as `POST /v1/public/{name}`. */
export function accountRoutes({
  accounts,
  limits,
  publicUrlIsHttps,
  answerOnce,
}: {
  accounts: AccountService
  limits: RateLimits
  /** Sign-up answers a retry sent with its Idempotency-Key as it answered the first request (decision 092). */
  answerOnce: AnswerOnce
  /** PUBLIC_URL is https: the trusted-device cookie is then always `Secure`. */
  publicUrlIsHttps: boolean
}): FastifyPluginAsyncZod {
  return async (app) => {
    // The trusted-device cookie is the only cookie the api reads or sets: its parser and its hook on every answer
    // run for these calls only, not on every call of the api.
    await app.register(cookie)
    const calls: AccountCalls = { accounts, limits, answerOnce, publicUrlIsHttps }
    registerSignUpAndLogin(app, calls)
    registerLoginCodes(app, calls)
    registerPasswordReset(app, calls)
  }
}

/** Sign-up and sign-in. */
function registerSignUpAndLogin(app: ZodApp, calls: AccountCalls) {
  app.post(
    '/homesignup',
    {
      ...limited(calls.limits, 'homesignup'),
      schema: {
        tags: ['account'],
        summary:
          'Create an account and e-mail a verification code, in `language` or else the Accept-Language header’s; a retry with its Idempotency-Key answers alike',
        headers: KeyedCallHeaders,
        body: SignUpRequest,
        response: { 200: SignUpAnswer, ...refusals() },
      },
    },
    async (request, reply) => {
      const { email, password, token } = request.body
      const language = request.body.language ?? languageFromAcceptLanguage(request.headers['accept-language'])
      await calls.answerOnce<void>(request, reply, null, (keyed) =>
        calls.accounts.signUp({ email, password, token, language }, originOf(request), keyed),
      )
      return { result: true as const }
    },
  )

  app.post(
    '/homelogin',
    {
      // No per-e-mail limit on login: a stranger's failures would lock the owner out. The service slows down failures
      // per source instead (decision 022).
      config: { rateLimit: calls.limits.perIp },
      schema: {
        tags: ['account'],
        summary: 'Sign in; answers `code: true` when an e-mailed code must follow (unconfirmed e-mail or new device)',
        body: LoginRequest,
        response: { 200: LoginAnswer, ...refusals() },
      },
    },
    async (request) => {
      const outcome = await calls.accounts.login(
        request.body,
        originOf(request),
        request.cookies[TRUSTED_DEVICE_COOKIE],
      )
      if (outcome.kind === 'code_required')
        return { result: true as const, code: true as const, retryAfterSeconds: outcome.retryAfterSeconds }
      if (outcome.kind === 'second_factor')
        return { result: true as const, secondFactor: { ticket: outcome.ticket, methods: outcome.methods } }
      return { result: true as const, data: { token: outcome.token } }
    },
  )
}

/** The e-mailed code that signs in, and sending it again. */
function registerLoginCodes(app: ZodApp, calls: AccountCalls) {
  app.post(
    '/verifycode',
    {
      ...limited(calls.limits, 'verifycode'),
      schema: {
        tags: ['account'],
        summary: 'Check the e-mailed code and sign in',
        body: VerifyCodeRequest,
        response: { 200: VerifyCodeAnswer, ...refusals() },
      },
    },
    async (request, reply) => {
      const verified = await calls.accounts.verifyLoginCode(request.body, originOf(request))
      rememberDevice(reply, request, verified.deviceToken, calls.publicUrlIsHttps)
      if (verified.secondFactor) {
        const { ticket, methods } = verified.secondFactor
        return { result: true as const, secondFactor: { ticket, methods } }
      }
      return { result: true as const, data: { token: verified.token } }
    },
  )

  app.post(
    '/homeresendcode',
    {
      ...limited(calls.limits, 'homeresendcode'),
      schema: {
        tags: ['account'],
        summary: 'Send the code of the code screen again (30 s apart, a few an hour)',
        body: ResendCodeRequest,
        response: { 200: ResendCodeAnswer, ...refusals() },
      },
    },
    async (request) => {
      const { retryAfterSeconds } = await calls.accounts.resendCode(
        request.body.email,
        originOf(request),
        request.cookies[TRUSTED_DEVICE_COOKIE],
      )
      return { result: true as const, retryAfterSeconds }
    },
  )
}

/** The password reset: the code e-mailed, checked, then used with the new password. */
function registerPasswordReset(app: ZodApp, calls: AccountCalls) {
  app.post(
    '/homeStartResetPassword',
    {
      ...limited(calls.limits, 'homeStartResetPassword'),
      schema: {
        tags: ['account'],
        summary: 'E-mail a password reset code; answers alike for unknown e-mails',
        body: StartResetRequest,
        response: { 200: StartResetAnswer, ...refusals() },
      },
    },
    async (request) => {
      const { retryAfterSeconds } = await calls.accounts.startPasswordReset(
        request.body.email,
        originOf(request),
        request.cookies[TRUSTED_DEVICE_COOKIE],
      )
      return { result: true as const, retryAfterSeconds }
    },
  )

  app.post(
    '/homeCheckToken',
    {
      ...limited(calls.limits, 'homeCheckToken'),
      schema: {
        tags: ['account'],
        summary: 'Check a reset code without using it up',
        body: CheckResetCodeRequest,
        response: { 200: CheckResetCodeAnswer, ...refusals() },
      },
    },
    async (request) => {
      await calls.accounts.checkResetCode(request.body, originOf(request))
      return { result: true as const }
    },
  )

  app.post(
    '/homeCompleteResetPassword',
    {
      ...limited(calls.limits, 'homeCompleteResetPassword'),
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the reset code; signs out every session',
        body: CompleteResetRequest,
        response: { 200: CompleteResetAnswer, ...refusals() },
      },
    },
    async (request) => {
      const { email, code, password } = request.body
      await calls.accounts.completePasswordReset({ email, code, password }, originOf(request))
      return { result: true as const }
    },
  )
}
