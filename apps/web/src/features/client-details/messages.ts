import { defineCatalog } from '../../lib/i18n/catalog'
import type english from './locales/en.json'

/** The customer's details' texts (decision 129): the account overview, the details form and its rules' messages. */
export const clientDetailsCatalog = defineCatalog<typeof english>('clientDetails', import.meta.glob('./locales/*.json'))
type ClientDetailsId = Parameters<typeof clientDetailsCatalog.t>[0]

type Field = 'firstName' | 'lastName' | 'address' | 'city' | 'postal' | 'phone'

/** The shared schema's English label of each field, as its messages begin ("First name is required"). */
const SHARED_LABELS: Record<Field, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  address: 'Address',
  city: 'City',
  postal: 'Postal code',
  phone: 'Phone',
}

/**
 * The shared schema's message for a field (ClientDetails) in the customer's language; a message it does not know is
 * shown as it is.
 */
export function detailsRuleCopy(field: string, message: string): string {
  const { t } = clientDetailsCatalog
  if (!(field in SHARED_LABELS)) return message
  const shared = SHARED_LABELS[field as Field]
  const label = t(`clientDetails.field.${field}` as ClientDetailsId)
  if (message === `${shared} is required`) return t('clientDetails.rule.required', { label })
  if (message === `${shared} is too long`) return t('clientDetails.rule.tooLong', { label })
  if (message === `${shared} may hold letters, spaces, apostrophes and dashes`)
    return t('clientDetails.rule.nameCharacters', { label })
  if (message === 'Postal code may hold letters, digits, spaces and dashes')
    return t('clientDetails.rule.postalCharacters')
  if (message === 'Phone must be in international format, e.g. +41 44 668 18 00')
    return t('clientDetails.rule.phoneFormat')
  return message
}
