import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { GetGrossAnswer, LogoutAnswer, UserRequest } from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import { sessionOf } from '../../plugins/session'
import type { AccountService } from '../accounts/accounts.service'
import type { AgreementService } from '../agreement/agreement.service'
import { originOf } from '../accounts/accounts.routes'
import type { OrderService } from '../orders/orders.service'

/** Signed-in calls: `POST /v1/user/{name}` with `Authorization: Bearer`. */
export function userRoutes({
  accounts,
  orders,
  agreement,
}: {
  accounts: AccountService
  orders: OrderService
  agreement: Pick<AgreementService, 'agreementSum'>
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
      },
      async (request) => {
        const { customerId } = sessionOf(request)
        const [profile, { openOrder, pendingBalance }, agreementSum] = await Promise.all([
          accounts.getProfile(customerId),
          orders.grossOrders(customerId),
          agreement.agreementSum(customerId),
        ])
        return {
          result: true as const,
          data: {
            details: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email },
            userName: profile.email,
            pendingBalance,
            agreementSum,
            openOrder,
          },
        }
      },
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
