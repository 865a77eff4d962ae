import { describe, expect, it } from 'vitest'
import { scrub } from './scrub'

describe('scrub', () => {
  it.each([
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl here', 'jwt [token] here'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: [redacted] [token]'],
    ['sent Bearer abc123', 'sent Bearer [token]'],
    ['key hvxp_ab12_secretpart', 'key [token]'],
    ['{"email":"x","password":"hunter2!"}', '{"email":"x","password":[redacted]}'],
    ['password=hunter2&next=1', 'password=[redacted]&next=1'],
    ['newPassword: s3cret', 'newPassword: [redacted]'],
    ['token=abc', 'token=[redacted]'],
    ['the code 12345 was wrong', 'the code [code] was wrong'],
    ['{"code":"54321"}', '{"code":"[code]"}'],
    ['/reset/code/12345', '/reset/code/[code]'],
    ['order 12345 failed', 'order 12345 failed'],
    ['user ada.lovelace+x@example.co.uk failed', 'user [email] failed'],
    ['q=ada%40example.com', 'q=[email]'],
  ])('%s', (input, output) => {
    expect(scrub(input)).toBe(output)
  })
})
