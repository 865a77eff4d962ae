import { describe, expect, it } from 'vitest'
import { scrubLogLine } from './pseudonyms'

describe('the last guard of the log', () => {
  it("drops e-mail addresses and the token of a partner's link, and leaves the rest", () => {
    const token = 'Ab_-'.repeat(10) + 'xyz'
    const line = `{"req":{"url":"/mp?partner=acme&token=${token}"},"msg":"to ada@example.com"}`
    expect(scrubLogLine(line)).toBe('{"req":{"url":"/mp?partner=acme&token=[redacted]"},"msg":"to [e-mail]"}')
    expect(scrubLogLine('{"msg":"token=short"}')).toBe('{"msg":"token=short"}')
  })
})
