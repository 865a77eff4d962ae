import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/**
 * The app a route plugin registers on, with zod schemas typing each route (decision 108): the type of the functions
 * that each register one route, or a few related ones, of a long plugin.
 */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0]
