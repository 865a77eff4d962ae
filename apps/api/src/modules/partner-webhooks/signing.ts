import { Webhook } from 'standardwebhooks'

/** The Standard Webhooks headers of one try: the notice's id, the time of the try, a signature per live secret. */
export interface SignedHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** `msg_` and the event's id: the same for every try of a notice, so that a partner drops one it has seen. */
function webhookIdOf(eventId: string): string {
  return `msg_${eventId}`
}

/**
 * Signs a body under each of the partner's live secrets (`whsec_…`, newest first), space-separated as Standard Webhooks
 * lists them: during a rotation's overlap a partner verifies with either its old or its new secret.
 */
export function signedHeaders(secrets: string[], eventId: string, at: Date, body: string): SignedHeaders {
  const id = webhookIdOf(eventId)
  // Standard Webhooks timestamps are whole seconds: the signature covers the second the header says.
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' '),
  }
}

/** The body of a notice: the same bytes on every try (`timestamp` is when the event happened). */
export function bodyOf(event: { type: string; createdAt: Date; payload: Record<string, unknown> }): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.payload })
}
