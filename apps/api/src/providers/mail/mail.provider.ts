export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Which template produced it. */
  template: string
  /**
   * What a developer needs from the message in one log line (the code). Only the dev outbox prints it;
   * real transports never log it.
   */
  devNote?: string
}

export interface MailTransport {
  readonly kind: 'dev-outbox' | 'smtp'
  /** Delivers one message, or throws (the send-mail job is then retried). */
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}
