import { desc } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { devOutbox } from '../../db/tables/providers/mail'

export type DevOutboxService = ReturnType<typeof createDevOutboxService>

/** Reads what the dev outbox transport kept, newest first. */
export function createDevOutboxService({ db }: { db: Database }) {
  async function listMessages(limit = 200) {
    return db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(limit)
  }
  return { listMessages }
}
