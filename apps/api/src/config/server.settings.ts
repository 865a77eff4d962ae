import { z } from 'zod'
import { booleanFromEnv } from './values/env-values'

/** Where the api listens, what it logs, where it keeps its data, what runs in this process. */
export const ServerEnv = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`production` refuses every development convenience and every party that is not live (decision 020).'),
  HOST: z.string().default('0.0.0.0').describe('Address the api listens on.'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('Port the api (and the built web app) listens on.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Lowest level of what the api logs.'),
  DATA_DIR: z.string().min(1).default('./data').describe('Folder of the embedded database and the generated keys.'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .describe('PostgreSQL connection string; unset means embedded PGlite under DATA_DIR.'),
  REDIS_URL: z.string().url().optional().describe('Shared store for rate limits across several api processes.'),
  TRUST_PROXY_HOPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(5)
    .default(0)
    .describe(
      'Trust X-Forwarded-For from this many proxies in front (0: none); the app port must then be reachable only through them (docs/deploying.md).',
    ),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .describe(
      'Public address of the web app (e.g. https://exchange.example): links in e-mails, the pages providers send the browser back to; `https://` makes cookies Secure.',
    ),
  WEB_DIST_DIR: z
    .string()
    .optional()
    .describe("Serve the built web app from this folder (default: the web workspace's dist)."),
  JOBS_ENABLED: booleanFromEnv
    .default(true)
    .describe(
      'Runs workers of the job queue in this process: codes and e-mail, rates refresh, order expiry, settlement retries, hosted payment lookups (decisions 024, 034, 035).',
    ),
})

export function readServer(env: z.output<typeof ServerEnv>) {
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    /** The web app's public address: links in e-mails, providers' return pages; `https://` makes cookies Secure. */
    publicUrl: env.PUBLIC_URL,
    webDistDir: env.WEB_DIST_DIR,
    jobsEnabled: env.JOBS_ENABLED,
  }
}
