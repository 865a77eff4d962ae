interface OutboxMessage {
  id: number
  to: string
  subject: string
  text: string
  template: string
}

async function outbox(baseUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/dev/outbox`)
  const body = (await response.json()) as { data: OutboxMessage[] }
  return body.data
}

/** The id of the newest message so far, to wait for one that arrives after it. */
export async function lastMessageId(baseUrl: string): Promise<number> {
  return (await outbox(baseUrl))[0]?.id ?? 0
}

/**
 * Asks `read` again every 100 ms until it answers something, for at most `timeoutMs` of wall time, then fails with
 * the message `failure` gives. The limit is generous because a busy runner can take seconds to deliver a mail; a
 * condition that holds returns at once.
 */
export async function eventually<T>(
  read: () => Promise<T | undefined>,
  failure: () => string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(failure())
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Waits for a message to `email` newer than `afterId`, and reads the code in it as a person would. */
export async function waitForCode(baseUrl: string, email: string, afterId = 0, template?: string): Promise<string> {
  return eventually(
    async () => {
      const message = (await outbox(baseUrl)).find(
        (m) => m.to === email && m.id > afterId && (!template || m.template === template),
      )
      return message?.text.match(/^\s*(\d{5})\s*$/m)?.[1]
    },
    () => `no code arrived for ${email}`,
  )
}

export async function messagesTo(baseUrl: string, email: string): Promise<OutboxMessage[]> {
  return (await outbox(baseUrl)).filter((m) => m.to === email)
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
}
