import { ACCOUNT_ERROR_COPY, ALERT_MESSAGES, VALIDATION_MESSAGES } from '@exchange/shared/messages'
import { defineCatalog } from './i18n/catalog'
import type english from './locales/en.json'

/** Messages every part of the app shows: the shared rules' validation copy, the screens' alerts (decision 129). */
export const commonCatalog = defineCatalog<typeof english>('common', import.meta.glob('./locales/*.json'))
type CommonId = Parameters<typeof commonCatalog.t>[0]

let keysByEnglish: Map<string, CommonId> | undefined

/**
 * The key of each English text the shared package gives (a rule's message, an alert, an error code's copy): the rules
 * and the api's answers speak English, and the places that show them ask for the customer's language here.
 */
export function commonCopyKeys(): Map<string, CommonId> {
  if (keysByEnglish) return keysByEnglish
  const keys = new Map<string, CommonId>()
  for (const [name, text] of Object.entries(VALIDATION_MESSAGES))
    keys.set(text, `common.validation.${name}` as CommonId)
  for (const [name, text] of Object.entries(ALERT_MESSAGES)) keys.set(text, `common.alert.${name}` as CommonId)
  for (const [code, text] of Object.entries(ACCOUNT_ERROR_COPY))
    if (!keys.has(text)) keys.set(text, `common.error.${code}` as CommonId)
  return (keysByEnglish = keys)
}

/** A shared English text in the customer's language; a text the shared package does not give is shown as it is. */
export function localizeCopy(text: string): string {
  const key = commonCopyKeys().get(text)
  return key ? commonCatalog.t(key) : text
}
