import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The documents screen's texts (decision 129): what we may ask for, sending files, the files sent. */
export const documentsCatalog = defineCatalog<typeof english>('documents', import.meta.glob('./locales/*.json'))
export type DocumentsId = Parameters<typeof documentsCatalog.t>[0]
