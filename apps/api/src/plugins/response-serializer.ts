import type { FastifySerializerCompiler } from 'fastify/types/schema'
import fastJson from 'fast-json-stringify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * A busy route's 200 answer written in one pass by fast-json-stringify, compiled once from the answer's schema (only
 * its fields, as its types); its failures as every route writes them. The handler builds the answer in typed code, so
 * checking it again with zod before writing it on every call was most of the serialization time.
 */
export function encodeOnce<RouteSchema>(success: z.ZodType): FastifySerializerCompiler<RouteSchema> {
  const stringify = fastJson(z.toJSONSchema(success, { io: 'output', target: 'draft-7' }) as object)
  return (route) =>
    route.httpStatus === '200' ? stringify : serializerCompiler(route as Parameters<typeof serializerCompiler>[0])
}
