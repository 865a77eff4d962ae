import type { DocumentPurpose } from '@exchange/shared/documents.schemas'
import { documentsCatalog, type DocumentsId } from './messages'

/** What each kind of document is, in the customer's words (its label), and what we accept as one (its description). */
export function documentPurposeCopy(purpose: DocumentPurpose): { label: string; description: string } {
  return {
    label: documentsCatalog.t(`documents.purpose.${purpose}.label` as DocumentsId),
    description: documentsCatalog.t(`documents.purpose.${purpose}.description` as DocumentsId),
  }
}

/** "1.2 MB", "340 KB": sizes as a person reads them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
