import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The due-diligence screens' texts (decision 129): the source of funds, the questionnaire, their questions and rules. */
export const dueDiligenceCatalog = defineCatalog<typeof english>('dueDiligence', import.meta.glob('./locales/*.json'))
export type DueDiligenceId = Parameters<typeof dueDiligenceCatalog.t>[0]
