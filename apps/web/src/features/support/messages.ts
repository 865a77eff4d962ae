import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** Support's texts (decision 129): the requests and their conversations, the questions, the contact form, complaints. */
export const supportCatalog = defineCatalog<typeof english>('support', import.meta.glob('./locales/*.json'))
