import { z } from 'zod'
import { LANGUAGES } from './languages'

/** A language, as the api stores and answers it (decision 131). Apart from languages.ts, which the first page loads. */
export const Language = z.enum(LANGUAGES)
export type Language = z.infer<typeof Language>

/** A language a call names (sign-up, the account's setting, a partner's visit): refused with one clear message. */
export const LanguageChoice = z.enum(LANGUAGES, {
  error: `Language must be one of ${LANGUAGES.join(', ')}`,
})
