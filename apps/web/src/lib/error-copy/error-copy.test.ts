import { ERROR_COPY } from '@exchange/shared/error-copy'
import type { ErrorCode } from '@exchange/shared/errors'
import { ACCOUNT_ERROR_COPY, ALERT_MESSAGES } from '@exchange/shared/messages'
import { describe, expect, it } from 'vitest'
import { alertCopyFor, errorCopy } from '../dashboard-alert-copy'
import { switchLanguage } from '../i18n/language'
import englishSource from './locales/en.json?raw'

const english = JSON.parse(englishSource) as Record<string, string>

describe("the shared error codes' copy", () => {
  it('carries each shared English text word for word, beyond the account screens’ part', () => {
    const own = Object.entries(ERROR_COPY).filter(([code]) => !(code in ACCOUNT_ERROR_COPY))
    expect(Object.keys(english).sort()).toEqual(own.map(([code]) => `errorCopy.${code}`).sort())
    for (const [code, text] of own) expect(english[`errorCopy.${code}`], code).toBe(text)
    for (const code of Object.keys(ERROR_COPY) as ErrorCode[]) expect(errorCopy(code)).toBe(ERROR_COPY[code])
  })

  it("shows a code's copy, else the screen's message, in the customer's language", async () => {
    await switchLanguage('de')
    expect(alertCopyFor({ error: 'order_busy' }, 'Anything')).toBe(
      'Wir bearbeiten diesen Auftrag gerade. Bitte versuchen Sie es gleich noch einmal.',
    )
    expect(alertCopyFor({ error: 'unknown' as ErrorCode }, ALERT_MESSAGES.somethingWentWrong)).not.toBe(
      ALERT_MESSAGES.somethingWentWrong,
    )
    expect(alertCopyFor({ error: 'unknown' as ErrorCode }, 'A screen’s own words')).toBe('A screen’s own words')
  })
})
