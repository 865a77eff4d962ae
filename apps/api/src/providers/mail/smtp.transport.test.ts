import type nodemailer from 'nodemailer'
import { pino } from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { pseudonymOf } from '../../plugins/pseudonyms'
import { createSmtpTransport } from './smtp.transport'

const message = {
  to: 'ann@example.com',
  subject: 'Hello',
  text: 'code 12345',
  html: '<p>code 12345</p>',
  template: 'code_reset',
  devNote: 'code=12345',
}

const KEY = Buffer.alloc(32, 7)

function fakeNodemailer(sendMail: ReturnType<typeof vi.fn>) {
  return (() => ({ sendMail, close: vi.fn() })) as unknown as typeof nodemailer.createTransport
}

describe('SMTP transport', () => {
  it('sends with the configured sender and without the dev note', async () => {
    const sendMail = vi.fn().mockResolvedValue({})
    const transport = createSmtpTransport(
      { url: 'smtp://mail.example.com', from: 'Helvex <no-reply@helvex.example>' },
      pino({ level: 'silent' }),
      KEY,
      fakeNodemailer(sendMail),
    )
    await transport.send(message)
    await transport.close()
    expect(sendMail).toHaveBeenCalledWith({
      from: 'Helvex <no-reply@helvex.example>',
      to: 'ann@example.com',
      subject: 'Hello',
      text: 'code 12345',
      html: '<p>code 12345</p>',
    })
  })

  it('throws when the server refuses, so that the send-mail job is retried', async () => {
    const transport = createSmtpTransport(
      { url: 'smtp://mail.example.com', from: 'x@helvex.example' },
      pino({ level: 'silent' }),
      KEY,
      fakeNodemailer(vi.fn().mockRejectedValue(new Error('421 try later'))),
    )
    await expect(transport.send(message)).rejects.toThrow('421 try later')
  })

  it('never writes the code or the recipient to the log; the recipient goes by its pseudonym', async () => {
    const lines: string[] = []
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) })
    const transport = createSmtpTransport(
      { url: 'smtp://mail.example.com', from: 'x@helvex.example' },
      logger,
      KEY,
      fakeNodemailer(vi.fn().mockResolvedValue({})),
    )
    await transport.send(message)
    await transport.close()
    expect(lines.join('')).not.toContain('12345')
    expect(lines.join('')).not.toContain('ann@example.com')
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'mail sent', to: pseudonymOf(KEY, 'ann@example.com') })
  })
})
