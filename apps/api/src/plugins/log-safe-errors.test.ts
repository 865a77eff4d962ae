import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { serializeError } from './log-safe-errors'

/** An error of the server as `pg` raises it: the failing row in `detail`, the bad value quoted in the message. */
function serverError(message: string, fields: Record<string, string>) {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields })
}

describe('serializeError', () => {
  it('keeps the SQL, SQLSTATE and constraint of a failed query, and drops every value bound to it', () => {
    const cause = serverError('duplicate key value violates unique constraint "customers_email_unique"', {
      code: '23505',
      constraint: 'customers_email_unique',
      table: 'customers',
      detail: 'Key (email)=(ada@example.com) already exists.',
    })
    const failed = new DrizzleQueryError(
      'insert into "customers" ("email", "password_hash") values ($1, $2)',
      ['ada@example.com', '$argon2id$v=19$m=19456,t=2,p=1$salt$hash'],
      cause,
    )

    const logged = serializeError(new AppError('provider_unavailable', 503, { cause: failed }))
    const text = JSON.stringify(logged)

    expect(text).not.toContain('ada@example.com')
    expect(text).not.toContain('$argon2id')
    expect(logged).toMatchObject({
      type: 'AppError',
      code: 'provider_unavailable',
      cause: {
        type: 'DrizzleQueryError',
        message: 'Failed query: insert into "customers" ("email", "password_hash") values ($1, $2)',
        paramCount: 2,
        cause: { code: '23505', constraint: 'customers_email_unique', table: 'customers' },
      },
    })
    expect((logged.cause as { stack: string }).stack).toMatch(/^DrizzleQueryError: Failed query: .*\n\s+at /)
  })

  it('hides the value PostgreSQL quotes in its message, and the statement of a failing function', () => {
    const logged = serializeError(
      serverError('invalid input syntax for type uuid: "GB33BUKB20201555555555"', {
        code: '22P02',
        where: "unnamed portal parameter $1 = 'GB33BUKB20201555555555'",
      }),
    )
    expect(JSON.stringify(logged)).not.toContain('GB33BUKB20201555555555')
    expect(logged).toMatchObject({ message: 'invalid input syntax for type uuid: "…"', code: '22P02' })
  })

  it('leaves any other error as it was', () => {
    const logged = serializeError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))
    expect(logged).toMatchObject({ type: 'Error', message: 'socket hang up', code: 'ECONNRESET' })
    expect(serializeError('not an error' as unknown as Error)).toBe('not an error')
  })
})
