import { defineCatalog } from '../i18n/catalog'
import type english from './locales/en.json'

/**
 * The shared copy of the error codes the signed-in screens show (`ERROR_COPY` of packages/shared, beyond the account
 * screens' part in the common catalog), in the customer's language (decision 129).
 */
export const errorCopyCatalog = defineCatalog<typeof english>('errorCopy', import.meta.glob('./locales/*.json'))
