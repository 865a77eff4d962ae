import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { GetGrossAnswer, LogoutAnswer, UserRequest } from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import { sessionOf } from '../../plugins/session'
import type { AccountService } from '../accounts/accounts.service'
import { originOf } from '../accounts/accounts.routes'

/** Signed-in calls: `POST /v1/user/{name}` with `Authorization: Bearer`. */
export function userRoutes({ accounts, requireSession }: {
  accounts: AccountService
  requireSession: (request: FastifyRequest) => Promise<void>
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the body is read: a call without a valid session learns nothing about its payload.
    app.addHook('onRequest', requireSession)

    app.post('/getGross', {
      schema: { tags: ['user'], summary: "The signed-in customer's details", security: [{ bearer: [] }], body: UserRequest, response: { 200: GetGrossAnswer, 400: FailureAnswer, 401: FailureAnswer } },
    }, async (request) => {
      const profile = await accounts.getProfile(sessionOf(request).customerId)
      return {
        result: true as const,
        data: { details: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email }, userName: profile.email },
      }
    })

    app.post('/logout', {
      schema: { tags: ['user'], summary: 'End this session on the server', security: [{ bearer: [] }], body: UserRequest, response: { 200: LogoutAnswer, 400: FailureAnswer, 401: FailureAnswer } },
    }, async (request) => {
      await accounts.logout(sessionOf(request), originOf(request))
      return { result: true as const }
    })
  }
}
