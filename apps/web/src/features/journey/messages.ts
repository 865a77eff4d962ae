import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The journey's texts (decision 129): the checks, each step's name and copy, the lines of a refused order. */
export const journeyCatalog = defineCatalog<typeof english>('journey', import.meta.glob('./locales/*.json'))
export type JourneyId = Parameters<typeof journeyCatalog.t>[0]
