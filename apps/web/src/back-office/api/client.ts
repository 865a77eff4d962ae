import { z } from 'zod'
import { NO_ANSWER, refusalSentence, UNREADABLE } from '../refusals'

/** Why a call gave no usable answer, with the sentence the operator reads. */
export class ApiProblem extends Error {
  constructor(
    /** 0 when no answer came. */
    readonly status: number,
    readonly code: string | null,
    readonly sentence: string,
  ) {
    super(sentence)
    this.name = 'ApiProblem'
  }

  /** Signed out, or refused by the role guard: the way on is to sign in (again, or as another operator). */
  get needsSignIn(): boolean {
    return this.status === 401 || this.status === 403
  }
}

const Refusal = z.object({ result: z.literal(false), error: z.string() })

/** The answer of an action: done, or asked of a second operator (`requestId`, decision 132). */
const ActionAnswerSchema = z.object({ result: z.literal(true), requestId: z.uuid().optional() })
export type ActionAnswer = z.infer<typeof ActionAnswerSchema>

async function call(path: string, init: RequestInit): Promise<unknown> {
  let response: Response
  try {
    // Same origin, with the operator's session cookie; the api's actions take JSON from its own pages (own-page.ts).
    response = await fetch(path, { credentials: 'same-origin', ...init })
  } catch {
    throw new ApiProblem(0, null, NO_ANSWER)
  }
  const body: unknown = await response.json().catch(() => null)
  const refused = Refusal.safeParse(body)
  const code = refused.success ? refused.data.error : null
  if (!response.ok || refused.success)
    throw new ApiProblem(response.status, code, refusalSentence(code, response.status))
  return body
}

/** A GET of the back office's api, its answer parsed with the contract's schema. */
export async function readApi<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const body = await call(path, { headers: { accept: 'application/json' } })
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ApiProblem(200, null, UNREADABLE)
  return parsed.data
}

/** A POST of an operator action (the existing role-checked JSON routes). */
export async function postAction(path: string, body: Record<string, unknown>): Promise<ActionAnswer> {
  const answer = await call(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const parsed = ActionAnswerSchema.safeParse(answer)
  if (!parsed.success) throw new ApiProblem(200, null, UNREADABLE)
  return parsed.data
}

/** Any error as a problem to show: a thrown error that is not one (a bug) reads as an unreadable answer. */
export function asProblem(error: unknown): ApiProblem {
  return error instanceof ApiProblem ? error : new ApiProblem(200, null, UNREADABLE)
}

/** `?reason=…` for the audited views (decision 133). */
export const withReason = (path: string, reason: string) => `${path}?reason=${encodeURIComponent(reason)}`
