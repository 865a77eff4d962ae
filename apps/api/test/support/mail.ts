import { desc, eq } from 'drizzle-orm'
import { vi } from 'vitest'
import { type Database } from '../../src/db/client'
import { devOutbox } from '../../src/db/tables/providers/mail'
import { deliverQueuedMail } from './test-app'

/** The messages sent to an address, newest first, as the dev outbox keeps them. */
export async function mailTo(db: Database, email: string) {
  await deliverQueuedMail(db)
  return db.select().from(devOutbox).where(eq(devOutbox.to, email)).orderBy(desc(devOutbox.id))
}

/**
 * The code in the newest message to an address, read from the mail as a person reads it. Where api processes of their
 * own share the database, one of them may be the one sending the mail: the code is awaited as a person awaits it.
 */
export async function latestCode(db: Database, email: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const [message] = await mailTo(db, email)
      const code = message?.text.match(/^\s*(\d{5})\s*$/m)?.[1]
      if (!code) throw new Error(`no code mailed to ${email}`)
      return code
    },
    { timeout: 15_000, interval: 50 },
  )
}
