import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { UserRequest } from '@exchange/shared/accounts.schemas'
import { BrandName } from '@exchange/shared/validators'
import { FailureAnswer } from '@exchange/shared/answer'
import { GetBrandAnswer, UkStatusAnswer } from '@exchange/shared/brand.schemas'
import { visitorOf } from '../../plugins/visitor'
import type { BrandService } from './brand.service'

export function brandRoutes({ brandService }: { brandService: BrandService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/getBrand',
      {
        schema: {
          tags: ['brand'],
          summary: 'The brand the web app shows (first call; it needs no brandName)',
          // Every payload of the contract may carry brandName (spec section 7); this call does not need it.
          body: z.object({ brandName: BrandName.optional() }).optional(),
          response: { 200: GetBrandAnswer },
        },
      },
      async () => ({ result: true as const, data: brandService.brand }),
    )

    app.post(
      '/getUkStatus',
      {
        schema: {
          tags: ['brand'],
          summary: 'Whether this visitor sees the UK risk warning',
          body: UserRequest,
          response: { 200: UkStatusAnswer, 400: FailureAnswer },
        },
      },
      async (request) => ({
        result: true as const,
        data: { isUk: await brandService.isUkVisitor(visitorOf(request)) },
      }),
    )
  }
}
