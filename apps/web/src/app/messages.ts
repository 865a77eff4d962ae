import { defineCatalog } from '../lib/i18n/catalog'
import type english from './locales/en.json'

/** The signed-in frame's texts: the dashboard's menu and header (decision 129). */
export const appCatalog = defineCatalog<typeof english>('app', import.meta.glob('./locales/*.json'))
