import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { TotpCode } from '@exchange/shared/second-factor.schemas'
import { acceptFormPosts } from '../../plugins/form-posts'
import type { FailureCounter } from '../../plugins/rate-limits'
import { type OperatorAccountDeps, checkPassword, hasSecondFactor, startEnrolment, takeCode } from './operator-accounts'
import type { OperatorSessions } from './operator-sessions'
import { sentFromOwnPage } from './own-page'
import { codePage, enrolPage, passwordPage, startAgainPage } from './sign-in.page'

/** Failed operator sign-ins allowed in 15 minutes (decisions 023, 127). */
export const OPERATOR_FAILURE_WINDOW_SECONDS = 15 * 60
export const OPERATOR_FAILURES_PER_ADDRESS = 10
/** Per login name from one address: a stranger elsewhere failing with the name never locks its operator out. */
export const OPERATOR_FAILURES_PER_NAME_AND_ADDRESS = 5
/** Wrong codes per sign-in (then the password again) and per operator (only someone with the password reaches them). */
export const OPERATOR_CODE_FAILURES_PER_SIGN_IN = 5
export const OPERATOR_CODE_FAILURES_PER_OPERATOR = 20

/** The failure counters of the sign-in, in the rate-limit store (shared by every process with Redis). */
export interface SignInLimits {
  byAddress: FailureCounter
  byNameAndAddress: FailureCounter
  codesBySignIn: FailureCounter
  codesByOperator: FailureCounter
}

const PasswordForm = z.object({ name: z.string().min(1).max(64), password: z.string().min(1).max(200) })
const CodeForm = z.object({ code: TotpCode })

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body)

const tooMany = (reply: FastifyReply, wait: number) =>
  html(
    reply.header('retry-after', String(wait)),
    429,
    passwordPage(`Too many failed sign-ins from here: try again in ${Math.ceil(wait / 60)} minutes.`),
  )

interface SignInDeps {
  accounts: OperatorAccountDeps
  sessions: OperatorSessions
  limits: SignInLimits
}

/**
 * The operators' sign-in (decision 127), server-rendered at /operator/login: the login name and password, then the
 * code of the authenticator app (or, at a first sign-in, setting the app up), then the operator pages. Failed
 * passwords are counted per address and per (login name, address), never per login name alone: anyone may know an
 * operator's name, and guessing it from elsewhere never locks the operator out. The password is never logged.
 */
export function signInRoutes(deps: SignInDeps): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app)
    // Login CSRF: a sign-in is taken only from this host's own pages.
    app.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'POST' || sentFromOwnPage(request)) return
      return reply.code(403).send({ result: false, error: 'forbidden' })
    })
    registerPasswordStep(app, deps)
    registerCodeSteps(app, deps)
  }
}

function registerPasswordStep(app: FastifyInstance, { accounts, sessions, limits }: SignInDeps) {
  app.get('/login', { schema: { hide: true } }, async (request, reply) => {
    const session = await sessions.current(request)
    if (session?.stage === 'signed_in') return reply.redirect('/operator', 303)
    return html(reply, 200, passwordPage())
  })

  app.post('/login', { schema: { hide: true } }, async (request, reply) => {
    const form = PasswordForm.safeParse(request.body)
    if (!form.success) return html(reply, 400, passwordPage('Type your login name and your password.'))
    const { name, password } = form.data
    const pair = `${name.trim().toLowerCase()}\u0000${request.ip}`
    const wait = Math.max(await limits.byAddress.waitFor(request.ip), await limits.byNameAndAddress.waitFor(pair))
    if (wait > 0) {
      request.log.warn({ operator: name, ip: request.ip }, 'operator sign-in refused: too many failed sign-ins')
      return tooMany(reply, wait)
    }
    const operator = await checkPassword(accounts, name, password)
    if (!operator) {
      await limits.byAddress.fail(request.ip)
      await limits.byNameAndAddress.fail(pair)
      request.log.warn({ operator: name, ip: request.ip }, 'operator login failed')
      return html(reply, 401, passwordPage('This login name and password do not match an operator who may sign in.'))
    }
    await sessions.open(reply, request, operator.id, 'password')
    return reply.redirect(operator.hasSecondFactor ? '/operator/login/code' : '/operator/login/enrol', 303)
  })
}

/** The sign-in between the password and the second factor, or a page that says to start again. */
async function passwordStepOf(sessions: OperatorSessions, request: FastifyRequest, reply: FastifyReply) {
  const session = await sessions.current(request)
  if (session?.stage === 'password') return session
  await html(reply, 401, startAgainPage('No sign-in in progress: it ended or took too long. Sign in again.'))
  return undefined
}

function registerCodeSteps(app: FastifyInstance, { accounts, sessions, limits }: SignInDeps) {
  /** Checks a code of this sign-in; a right one ends the password step and opens a signed-in session. */
  async function answer(request: FastifyRequest, reply: FastifyReply, enrol: boolean) {
    const session = await passwordStepOf(sessions, request, reply)
    if (!session) return reply
    const form = CodeForm.safeParse(request.body)
    const retry = async (status: number, message: string) =>
      html(
        reply,
        status,
        enrol ? enrolPage(await startEnrolment(accounts, session.operator), message) : codePage(message),
      )
    if (!form.success) return retry(400, 'Type the 6-digit code from your authenticator app.')
    const wait = Math.max(
      await limits.codesBySignIn.waitFor(session.id),
      await limits.codesByOperator.waitFor(session.operator.id),
    )
    if (wait > 0) {
      await sessions.end(reply, request, session.id)
      return html(reply, 429, startAgainPage('Too many wrong codes. Sign in again later.'))
    }
    if (!(await takeCode(accounts, session.operator, form.data.code, enrol))) {
      await limits.codesBySignIn.fail(session.id)
      await limits.codesByOperator.fail(session.operator.id)
      request.log.warn({ operator: session.operator.name, ip: request.ip }, 'operator second factor failed')
      return retry(401, 'This code is not right, or was just used: type the code your app shows now.')
    }
    await sessions.close(session.id)
    await sessions.open(reply, request, session.operator.id, 'signed_in')
    request.log.info({ operator: session.operator.name, ip: request.ip }, 'operator signed in')
    return reply.redirect('/operator', 303)
  }

  app.get('/login/code', { schema: { hide: true } }, async (request, reply) => {
    const session = await passwordStepOf(sessions, request, reply)
    if (!session) return reply
    if (!(await hasSecondFactor(accounts, session.operator.id))) return reply.redirect('/operator/login/enrol', 303)
    return html(reply, 200, codePage())
  })
  app.post('/login/code', { schema: { hide: true } }, (request, reply) => answer(request, reply, false))

  app.get('/login/enrol', { schema: { hide: true } }, async (request, reply) => {
    const session = await passwordStepOf(sessions, request, reply)
    if (!session) return reply
    if (await hasSecondFactor(accounts, session.operator.id)) return reply.redirect('/operator/login/code', 303)
    return html(reply, 200, enrolPage(await startEnrolment(accounts, session.operator)))
  })
  app.post('/login/enrol', { schema: { hide: true } }, (request, reply) => answer(request, reply, true))
}
