import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { MAX_JSON_BODY_BYTES } from '@exchange/shared/constants'
import type { Config } from '../config/config'
import { answerClientError, answerFrameworkError, registerErrorHandler } from '../plugins/error-handler'
import { serializeError } from '../plugins/log-safe-errors'
import { scrubLogLine } from '../plugins/pseudonyms'
import { registerSecurityHeaders } from '../plugins/security-headers'
import { refuseUnknownFields } from '../plugins/strict-bodies'

/** false silences the log; a stream receives its JSON lines (tests read them). */
export type LoggerOverride = false | { write(line: string): void }

function loggerOptions(config: Config, override: LoggerOverride | undefined): FastifyServerOptions['logger'] {
  if (override === false) return false
  return {
    level: config.logLevel,
    // Tokens and cookies never reach the log.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    // A failed query is logged by its shape: never the values bound to it.
    serializers: { err: serializeError },
    // No e-mail address reaches a log line, whatever logged it (decision 076).
    hooks: { streamWrite: scrubLogLine },
    ...(override
      ? { stream: override }
      : config.env === 'development' && {
          transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
        }),
  }
}

/** The Fastify instance with what every answer shares: logging, validation, errors, security headers, shutdown. */
export function createFastify(config: Config, logger: LoggerOverride | undefined): FastifyInstance {
  const hops = config.trustProxyHops
  const app = Fastify({
    logger: loggerOptions(config, logger),
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: hops > 0 ? (_address: string, hop: number) => hop < hops : false,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(refuseUnknownFields)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  // Once shutdown begins, every answer closes its connection: an idle keep-alive connection would otherwise hold the
  // server open until the forced exit, and the client's next call goes to a process that is staying.
  let shuttingDown = false
  app.addHook('preClose', async () => {
    shuttingDown = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close')
  })
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // Served over TLS by the load balancer in production; locally the app runs on plain http.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:'],
      },
    },
  })
  return app
}

/**
 * The first path segment of every api route (v1, docs, operator, sandbox…), for the not-found handler: the web app's
 * own files are registered last and are not api paths. The development conveniences' doors are api paths even when
 * they are closed, so that a client is told 404, not handed the web app (decision 070).
 */
export function collectApiSegments(app: FastifyInstance): { segments: Set<string>; stop(): void } {
  const segments = new Set<string>(['dev', 'test', 'docs', 'sandbox'])
  let collecting = true
  app.addHook('onRoute', (route) => {
    const segment = route.url.split('/')[1]
    if (collecting && segment) segments.add(segment)
  })
  return {
    segments,
    stop: () => {
      collecting = false
    },
  }
}
