import type { DocumentPurpose } from '@exchange/shared/documents.schemas'
import { documentsCatalog, type DocumentsId } from './messages'

/** What each kind of document is, in the customer's words (its label), and what we accept as one (its description). */
export function documentPurposeCopy(purpose: DocumentPurpose): { label: string; description: string } {
  return {
    label: documentsCatalog.t(`documents.purpose.${purpose}.label` as DocumentsId),
    description: documentsCatalog.t(`documents.purpose.${purpose}.description` as DocumentsId),
  }
}
