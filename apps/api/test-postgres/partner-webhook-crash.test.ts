import { createHmac, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { partnerWebhookAttempts, partnerWebhookEvents } from '../src/db/tables/modules/partner-webhooks'
import { queuePartnerEvent } from '../src/modules/partner-webhooks/partner-events'
import { createPartnerService } from '../src/modules/partners/partners.service'
import { type TestApp, buildTestApp } from '../test/support'
import { createTestClock } from '../test/support/clock'
import { type Receiver, startReceiver, verifyNotice } from '../test/support/webhook-receiver'
import { type ApiProcess, startApiProcess } from './api-process'

const DOCUMENTS_KEY = randomBytes(32).toString('base64')
const LEASE_SECONDS = 30

describe('a process killed while it sends a partner notice', () => {
  // The surviving process's clock starts at the machine's time, as the killed process's does: the lease it reads is
  // the one the other wrote.
  const clock = createTestClock(new Date())
  let survivor: TestApp
  let child: ApiProcess | undefined
  let receiver: Receiver
  beforeAll(async () => {
    receiver = await startReceiver()
    survivor = await buildTestApp({
      clock,
      env: { DOCUMENTS_ENCRYPTION_KEY: DOCUMENTS_KEY, PARTNER_WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS) },
    })
  })
  afterAll(async () => {
    child?.signal('SIGKILL')
    await survivor?.close()
    await receiver?.close()
  })

  it('lets its lease lapse, and the other process sends the notice', async () => {
    const registry = createPartnerService({
      db: survivor.db,
      clock,
      production: false,
      secretsKey: createHmac('sha256', Buffer.from(DOCUMENTS_KEY, 'base64')).update('partner-signing-secrets').digest(),
    })
    const partner = await registry.createPartner({
      slug: 'crash-partner',
      displayName: 'Crash Partner',
      returnUrls: ['https://partner.example/back'],
      webhookUrl: receiver.url('/crash'),
    })
    const { secret } = await registry.rotateSigningSecret(partner.id)
    // The first try gets no answer: the sending process dies while it waits for it.
    receiver.script('/crash', ['hold'])
    // The real server, with its workers.
    child = await startApiProcess(survivor.databaseUrl!, {
      DOCUMENTS_ENCRYPTION_KEY: DOCUMENTS_KEY,
      PARTNER_WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS),
      JOBS_ENABLED: 'true',
    })
    // Written once the process is up: its recurring delivery job claims the notice within a period and sends it.
    const eventId = await queuePartnerEvent(
      survivor.db,
      { partnerId: partner.id, orderId: null, type: 'test', data: { partner: partner.slug } },
      new Date(),
    )

    await vi.waitFor(() => expect(receiver.heldAt('/crash')).toBe(1), { timeout: 30_000, interval: 50 })
    child.signal('SIGKILL')
    expect(await child.exited).toMatchObject({ signal: 'SIGKILL' })

    const [claimed] = await survivor.db.select().from(partnerWebhookEvents).where(eq(partnerWebhookEvents.id, eventId!))
    expect(claimed).toMatchObject({ attempts: 1, deliveredAt: null, gaveUpAt: null })
    expect(claimed!.leaseUntil!.getTime()).toBeGreaterThan(Date.now())
    expect(await survivor.db.select().from(partnerWebhookAttempts)).toHaveLength(0)

    // While the dead process's lease holds, the notice is not sent twice.
    clock.set(new Date())
    await survivor.app.jobs.runQueued('deliver-partner-webhooks')
    expect(receiver.at('/crash')).toHaveLength(1)

    clock.set(new Date(claimed!.leaseUntil!.getTime() + 1))
    await survivor.app.jobs.runQueued('deliver-partner-webhooks')
    const [first, second] = receiver.at('/crash')
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
    expect(second!.headers['webhook-id']).toBe(`msg_${eventId}`)
    expect(verifyNotice(secret, second!)).toMatchObject({ type: 'test', data: { partner: 'crash-partner' } })
    const [delivered] = await survivor.db
      .select()
      .from(partnerWebhookEvents)
      .where(eq(partnerWebhookEvents.id, eventId!))
    expect(delivered).toMatchObject({ attempts: 2, deliveredAt: clock.now(), leaseUntil: null })
    expect(await survivor.db.select().from(partnerWebhookAttempts)).toMatchObject([
      { eventId, attempt: 1, statusCode: 200, manual: false },
    ])
    // A start from source can take most of a minute on a busy machine.
  }, 180_000)
})
