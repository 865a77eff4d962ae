import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ProveItsYouRequest, RemovePasskeyRequest } from '@exchange/shared/account-security.schemas'
import { LoginAnswer, UserRequest } from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  AddPasskeyAnswer,
  AddPasskeyRequest,
  ConfirmTotpRequest,
  OkSecondFactorAnswer,
  PasskeyChallengeAnswer,
  PasskeyLoginOptionsRequest,
  PasskeyLoginRequest,
  RecoveryCodesAnswer,
  RenamePasskeyRequest,
  SecondFactorLoginRequest,
  SecondFactorStatusAnswer,
  StartTotpAnswer,
} from '@exchange/shared/second-factor.schemas'
import type { RateLimits } from '../../plugins/rate-limits'
import { sessionOf } from '../../plugins/session'
import { originOf } from './accounts.routes'
import type { AccountService } from './accounts.service'

const userRefusals = { 400: FailureAnswer, 401: FailureAnswer, 429: FailureAnswer }
const user = (summary: string) => ({ tags: ['two-factor sign-in'], summary, security: [{ bearer: [] }] })

/** The signed-in customer's two-factor settings (decision 124), as `POST /v1/user/{name}`. */
export function secondFactorSettingsRoutes({ accounts }: { accounts: AccountService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/secondFactorStatus',
      {
        schema: {
          ...user('Whether the authenticator app is on, how many recovery codes are left, and the passkeys'),
          body: UserRequest,
          response: { 200: SecondFactorStatusAnswer, ...userRefusals },
        },
      },
      async (request) => ({ result: true as const, data: await accounts.secondFactorStatus(sessionOf(request)) }),
    )
    app.post(
      '/startTotp',
      {
        schema: {
          ...user('Start the authenticator app: its secret in text and as a QR code, pending until a first code'),
          body: ProveItsYouRequest,
          response: { 200: StartTotpAnswer, ...userRefusals },
        },
      },
      async (request) => {
        const { currentPassword, secondFactor } = request.body
        const data = await accounts.startTotp(sessionOf(request), { currentPassword, secondFactor }, originOf(request))
        return { result: true as const, data }
      },
    )
    app.post(
      '/confirmTotp',
      {
        schema: {
          ...user("Type the app's first code: the app is on; a first factor answers ten recovery codes, this once"),
          body: ConfirmTotpRequest,
          response: { 200: RecoveryCodesAnswer, ...userRefusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await accounts.confirmTotp(sessionOf(request), request.body.code, originOf(request)),
      }),
    )
    app.post(
      '/disableTotp',
      {
        schema: {
          ...user('Turn the authenticator app off (the password and a second factor prove it is you)'),
          body: ProveItsYouRequest,
          response: { 200: OkSecondFactorAnswer, ...userRefusals },
        },
      },
      async (request) => {
        const { currentPassword, secondFactor } = request.body
        await accounts.disableTotp(sessionOf(request), { currentPassword, secondFactor }, originOf(request))
        return { result: true as const }
      },
    )
    app.post(
      '/renewRecoveryCodes',
      {
        schema: {
          ...user('Ten new recovery codes in place of the old ones, shown this once'),
          body: ProveItsYouRequest,
          response: { 200: RecoveryCodesAnswer, ...userRefusals },
        },
      },
      async (request) => {
        const { currentPassword, secondFactor } = request.body
        const data = await accounts.renewRecoveryCodes(
          sessionOf(request),
          { currentPassword, secondFactor },
          originOf(request),
        )
        return { result: true as const, data }
      },
    )
    registerPasskeySettings(app, accounts)
  }
}

function registerPasskeySettings(app: Parameters<FastifyPluginAsyncZod>[0], accounts: AccountService) {
  app.post(
    '/startPasskey',
    {
      schema: {
        ...user('The request for a new passkey, after the password (and a second factor when one is on)'),
        body: ProveItsYouRequest,
        response: { 200: PasskeyChallengeAnswer, ...userRefusals },
      },
    },
    async (request) => {
      const { currentPassword, secondFactor } = request.body
      const data = await accounts.startPasskey(sessionOf(request), { currentPassword, secondFactor }, originOf(request))
      return { result: true as const, data }
    },
  )
  app.post(
    '/addPasskey',
    {
      schema: {
        ...user("The browser's new passkey, with its name; a first factor answers ten recovery codes, this once"),
        body: AddPasskeyRequest,
        response: { 200: AddPasskeyAnswer, ...userRefusals },
      },
    },
    async (request) => {
      const { challengeId, name, response } = request.body
      const data = await accounts.addPasskey(sessionOf(request), { challengeId, name, response }, originOf(request))
      return { result: true as const, data }
    },
  )
  app.post(
    '/renamePasskey',
    {
      schema: {
        ...user('Rename a passkey'),
        body: RenamePasskeyRequest,
        response: { 200: OkSecondFactorAnswer, ...userRefusals },
      },
    },
    async (request) => {
      const { passkeyId, name } = request.body
      await accounts.renamePasskey(sessionOf(request), { passkeyId, name })
      return { result: true as const }
    },
  )
  app.post(
    '/passkeyReauthOptions',
    {
      schema: {
        ...user("The request for a passkey's assertion that proves a sensitive action"),
        body: UserRequest,
        response: { 200: PasskeyChallengeAnswer, ...userRefusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await accounts.passkeyReauthOptions(sessionOf(request), originOf(request)),
    }),
  )
  app.post(
    '/removePasskey',
    {
      schema: {
        ...user('Remove a passkey (the password and a second factor prove it is you)'),
        body: RemovePasskeyRequest,
        response: { 200: OkSecondFactorAnswer, ...userRefusals },
      },
    },
    async (request) => {
      const { currentPassword, secondFactor, passkeyId } = request.body
      await accounts.removePasskey(sessionOf(request), { currentPassword, secondFactor, passkeyId }, originOf(request))
      return { result: true as const }
    },
  )
}

const publicRefusals = { 400: FailureAnswer, 413: FailureAnswer, 429: FailureAnswer }

/** The login's second step and the passkey sign-in (decision 124), as `POST /v1/public/{name}`. */
export function secondFactorLoginRoutes({
  accounts,
  limits,
}: {
  accounts: AccountService
  limits: RateLimits
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/loginSecondFactor',
      {
        config: { rateLimit: limits.perIp },
        schema: {
          tags: ['account'],
          summary: "The login's second step: the ticket the password answered, and a code or a passkey's assertion",
          body: SecondFactorLoginRequest,
          response: { 200: LoginAnswer, ...publicRefusals },
        },
      },
      async (request) => {
        const body = request.body
        const input =
          'passkey' in body ? { ticket: body.ticket, passkey: body.passkey } : { ticket: body.ticket, code: body.code }
        const signedIn = await accounts.completeSecondFactorLogin(input, originOf(request))
        return { result: true as const, data: { token: signedIn.token } }
      },
    )
    app.post(
      '/passkeyLoginOptions',
      {
        config: { rateLimit: limits.perIp },
        schema: {
          tags: ['account'],
          summary: "The request for a passkey's assertion: with a ticket for the login's second step, else a sign-in",
          body: PasskeyLoginOptionsRequest,
          response: { 200: PasskeyChallengeAnswer, ...publicRefusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await accounts.passkeyLoginOptions(request.body.ticket, originOf(request)),
      }),
    )
    app.post(
      '/passkeySignIn',
      {
        config: { rateLimit: limits.perIp },
        schema: {
          tags: ['account'],
          summary: 'Sign in with a passkey alone: it proves both factors, so no password or e-mailed code is asked',
          body: PasskeyLoginRequest,
          response: { 200: LoginAnswer, ...publicRefusals },
        },
      },
      async (request) => {
        const signedIn = await accounts.passkeySignIn(request.body.passkey, originOf(request))
        return { result: true as const, data: { token: signedIn.token } }
      },
    )
  }
}
