import type { z } from 'zod'
import { IDEMPOTENCY_KEY_HEADER } from '@exchange/shared/constants'
import { config } from './config'
import { endStaleSession, readJwtCookie } from './cookies'
import { reportError } from './report-error'

/** No usable answer: the network failed, or the body was not an answer of the contract. */
export class ApiRequestError extends Error {
  constructor(
    readonly call: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(`${call} failed`, options)
    this.name = 'ApiRequestError'
  }
}

/**
 * What checks a call's answer: its schema (the union of success and `FailureAnswer`, shared `answerOf`), or on the
 * account screens a plain check of the same shape (answer-checks.ts), so the first page loads no schema library.
 */
export interface AnswerCheck<T extends { result: boolean }> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown }
}
type AnswerSchema = z.ZodType<{ result: boolean }> | AnswerCheck<{ result: boolean }>
/** The answer a check lets through. */
type Checked<S> = S extends z.ZodType ? z.output<S> : S extends AnswerCheck<infer T> ? T : never

interface PostOptions {
  token?: string
  /** What the console gets when the call fails (spec section 8). */
  failLog?: string
  /** The customer action the call makes, for a call that takes an Idempotency-Key (decision 092). */
  action?: string
}

const DEFAULT_FAIL_LOG = 'fail db call!'

/** A failed call: its console line (spec section 8), and a report of it to the error log (decision 120). */
function failed(failLog: string, call: string) {
  console.error(failLog)
  reportError('failed_call', failLog, call)
}

/**
 * The Idempotency-Key of each customer action not yet answered with success, and the body it went with (decision 092).
 * The same body sent again (pressed again after no answer, or after "try again in a moment") sends the same key, so
 * the api answers what the first send did rather than acting twice; another body, or the action after a success, gets
 * a new key. `randomUUID` exists on https pages and localhost only: elsewhere (a development server on another host)
 * no key is sent, and the calls work as without one.
 */
const actionKeys = new Map<string, [body: string, key: string]>()

function actionKeyFor(action: string, body: object): string | undefined {
  const sent = JSON.stringify(body)
  const kept = actionKeys.get(action)
  const key = kept?.[0] === sent ? kept[1] : crypto.randomUUID?.()
  if (key) actionKeys.set(action, [sent, key])
  return key
}

function send(path: string, body: object, token: string | undefined, actionKey?: string): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  if (actionKey) headers[IDEMPOTENCY_KEY_HEADER] = actionKey
  return fetch(`${config.apiBaseUrl}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify(body),
  })
}

/** A call sent before the screen that reads it has loaded; its answer is read (checked, logged) by that screen's call. */
interface EarlyCall {
  token: string | undefined
  sentAt: number
  response: Promise<Response>
}

const earlyCalls = new Map<string, EarlyCall>()

/** An answer asked for early and not read within this time is not used: the screen asks again. */
const EARLY_CALL_MAX_AGE_MS = 15_000

const callKey = (path: string, body: object) => `${path} ${JSON.stringify(body)}`

function sendEarly(path: string, body: object, token: string | undefined): void {
  const response = send(path, body, token)
  // A failure is reported when the screen reads it, not as an unhandled rejection now.
  response.catch(() => undefined)
  earlyCalls.set(callKey(path, body), { token, sentAt: Date.now(), response })
}

/** The answer of the same call sent early with the same token, once: a second identical call goes to the network. */
function takeEarly(path: string, body: object, token: string | undefined): Promise<Response> | undefined {
  const key = callKey(path, body)
  const early = earlyCalls.get(key)
  if (!early) return undefined
  earlyCalls.delete(key)
  return early.token === token && Date.now() - early.sentAt <= EARLY_CALL_MAX_AGE_MS ? early.response : undefined
}

/**
 * Sends calls now whose answers a screen still loading will ask for (the signed-in dashboard, decision 060): the
 * screen's `postPublic`/`postUser` with the same name and body then reads this answer instead of asking again. User
 * calls go only with a session token, and only that token's answer is read.
 */
export function sendCallsEarly(calls: { public?: string[]; user?: string[] }, body: object): void {
  for (const name of calls.public ?? []) sendEarly(`/v1/public/${name}`, body, undefined)
  const token = readJwtCookie()
  if (!token) return
  for (const name of calls.user ?? []) sendEarly(`/v1/user/${name}`, body, token)
}

async function post<S extends AnswerSchema>(
  path: string,
  call: string,
  body: object,
  schema: S,
  options: PostOptions,
): Promise<Checked<S>> {
  const failLog = options.failLog ?? DEFAULT_FAIL_LOG
  const actionKey = options.action && actionKeyFor(options.action, body)

  let response: Response
  let payload: unknown
  try {
    response = await (takeEarly(path, body, options.token) ?? send(path, body, options.token, actionKey))
    // The session the call went with has ended: the customer is sent to log in again, told why (decision 125).
    if (response.status === 401 && options.token) endStaleSession(options.token)
    // The body carries the outcome whatever the status: 400, 401 and 429 all answer `{ result: false, error }`.
    payload = await response.json()
  } catch (cause) {
    failed(failLog, call)
    throw new ApiRequestError(call, null, { cause })
  }

  const parsed = schema.safeParse(payload)
  if (parsed.success) {
    const answer = parsed.data as Checked<S>
    if (!answer.result) failed(failLog, call)
    // Done: the customer's next action with this call is a new one.
    else if (options.action) actionKeys.delete(options.action)
    return answer
  }
  failed(failLog, call)
  throw new ApiRequestError(call, response.status, { cause: parsed.error })
}

/**
 * `POST /v1/public/{name}`; the caller adds `brandName` (and `companyDetails` where the call sends e-mail). `action`
 * names the customer action of a call that takes an Idempotency-Key: its retries send the same key.
 */
export function postPublic<S extends AnswerSchema>(
  name: string,
  body: object,
  schema: S,
  options: { failLog?: string; action?: string } = {},
): Promise<Checked<S>> {
  return post(`/v1/public/${name}`, name, body, schema, options)
}

/**
 * `POST /v1/user/{name}` with the session token as a Bearer header. Without a token nothing is sent
 * and the answer is `false` (spec section 6).
 */
export async function postUser<S extends AnswerSchema>(
  name: string,
  body: object,
  schema: S,
  options: { failLog?: string; action?: string } = {},
): Promise<Checked<S> | false> {
  const token = readJwtCookie()
  if (!token) return false
  return post(`/v1/user/${name}`, name, body, schema, { token, ...options })
}
