import type { z } from 'zod'
import { config } from './config'
import { readJwtCookie } from './cookies'

/** No usable answer: the network failed, or the body was not an answer of the contract. */
export class ApiRequestError extends Error {
  constructor(
    readonly call: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(`Request ${call} failed${status === null ? '' : ` with status ${status}`}`, options)
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
}

const DEFAULT_FAIL_LOG = 'fail db call!'

async function post<S extends AnswerSchema>(
  path: string,
  call: string,
  body: object,
  schema: S,
  options: PostOptions,
): Promise<Checked<S>> {
  const failLog = options.failLog ?? DEFAULT_FAIL_LOG
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' }
  if (options.token) headers.Authorization = `Bearer ${options.token}`

  let response: Response
  let payload: unknown
  try {
    response = await fetch(`${config.apiBaseUrl}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify(body),
    })
    // The body carries the outcome whatever the status: 400, 401 and 429 all answer `{ result: false, error }`.
    payload = await response.json()
  } catch (cause) {
    console.error(failLog)
    throw new ApiRequestError(call, null, { cause })
  }

  const parsed = schema.safeParse(payload)
  if (parsed.success) {
    const answer = parsed.data as Checked<S>
    if (!answer.result) console.error(failLog)
    return answer
  }
  console.error(failLog)
  throw new ApiRequestError(call, response.status, { cause: parsed.error })
}

/** `POST /v1/public/{name}`; the caller adds `brandName` (and `companyDetails` where the call sends e-mail). */
export function postPublic<S extends AnswerSchema>(name: string, body: object, schema: S): Promise<Checked<S>> {
  return post(`/v1/public/${name}`, name, body, schema, {})
}

/**
 * `POST /v1/user/{name}` with the session token as a Bearer header. Without a token nothing is sent
 * and the answer is `false` (spec section 6).
 */
export async function postUser<S extends AnswerSchema>(
  name: string,
  body: object,
  schema: S,
  options: { failLog?: string } = {},
): Promise<Checked<S> | false> {
  const token = readJwtCookie()
  if (!token) return false
  return post(`/v1/user/${name}`, name, body, schema, { token, ...options })
}
