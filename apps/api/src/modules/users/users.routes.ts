import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { GetGrossAnswer, LogoutAnswer, UserRequest } from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import { sessionOf } from '../../plugins/session'
import { encodeOnce } from '../../plugins/response-serializer'
import type { AccountService } from '../accounts/accounts.service'
import { originOf } from '../accounts/accounts.routes'
import type { GrossService } from './gross.service'

/** Signed-in calls: `POST /v1/user/{name}` with `Authorization: Bearer`. */
export function userRoutes({
  accounts,
  gross,
}: {
  accounts: AccountService
  gross: GrossService
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/getGross',
      {
        schema: {
          tags: ['user'],
          summary: "The signed-in customer's details, open orders and pending balance",
          security: [{ bearer: [] }],
          body: UserRequest,
          response: { 200: GetGrossAnswer, 400: FailureAnswer, 401: FailureAnswer },
        },
        serializerCompiler: encodeOnce(GetGrossAnswer.options[0]),
      },
      async (request) => ({ result: true as const, data: await gross.gross(sessionOf(request).customerId) }),
    )

    app.post(
      '/logout',
      {
        schema: {
          tags: ['user'],
          summary: 'End this session on the server',
          security: [{ bearer: [] }],
          body: UserRequest,
          response: { 200: LogoutAnswer, 400: FailureAnswer, 401: FailureAnswer },
        },
      },
      async (request) => {
        await accounts.logout(sessionOf(request), originOf(request))
        return { result: true as const }
      },
    )
  }
}
