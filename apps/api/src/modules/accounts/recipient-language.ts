import { sql } from 'drizzle-orm'
import { Language } from '@exchange/shared/language.schemas'
import { DEFAULT_LANGUAGE } from '@exchange/shared/languages'
import type { SqlExecutor } from '../../jobs/job-queue'

/**
 * The language a mail to `to` is written in (decision 131): the one stored on the customer whose address it is, else on
 * the customer who last asked to move to it (the e-mail change's code and notices go to the new address), else
 * English. Read in the caller's transaction, so a sign-up's first code sees the customer it has just stored.
 */
export function recipientLanguage(db: SqlExecutor) {
  return async (to: string, tx?: SqlExecutor): Promise<Language> => {
    const address = to.trim().toLowerCase()
    const result = (await (tx ?? db).execute(sql`
      SELECT language FROM (
        SELECT language, 0 AS rank, created_at AS at FROM customers WHERE email = ${address}
        UNION ALL
        SELECT c.language, 1 AS rank, e.requested_at AS at
          FROM email_changes e JOIN customers c ON c.id = e.customer_id
          WHERE e.new_email = ${address}
      ) found
      ORDER BY rank, at DESC
      LIMIT 1`)) as { rows: { language: string }[] }
    const parsed = Language.safeParse(result.rows[0]?.language)
    return parsed.success ? parsed.data : DEFAULT_LANGUAGE
  }
}
