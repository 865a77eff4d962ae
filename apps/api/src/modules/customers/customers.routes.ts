import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { UserRequest } from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  GetClientDetailsAnswer,
  SaveClientDetailsAnswer,
  SaveClientDetailsRequest,
} from '@exchange/shared/clients.schemas'
import { sessionOf } from '../../plugins/session'
import { visitorOf } from '../../plugins/visitor'
import type { CustomerService } from './customers.service'

const user = { tags: ['customer'], security: [{ bearer: [] }] }

export function customerRoutes({ customers }: { customers: CustomerService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/getClientDetails',
      {
        schema: {
          ...user,
          summary: "The customer's name, address, country and phone",
          body: UserRequest,
          response: { 200: GetClientDetailsAnswer, 400: FailureAnswer, 401: FailureAnswer },
        },
      },
      async (request) => ({
        result: true as const,
        data: await customers.clientDetails(sessionOf(request).customerId),
      }),
    )

    app.post(
      '/saveClientDetails',
      {
        schema: {
          ...user,
          summary: 'Save the details of the details and confirm-details screens',
          body: SaveClientDetailsRequest,
          response: { 200: SaveClientDetailsAnswer, 400: FailureAnswer, 401: FailureAnswer },
        },
      },
      async (request) => {
        const { brandName: _brandName, ...details } = request.body
        await customers.saveClientDetails(sessionOf(request).customerId, details, visitorOf(request))
        return { result: true as const }
      },
    )
  }
}
