import { UploadDocumentsScreen } from '../../features/documents/components/upload-documents-screen'

/** /dashboard-uploaddocs: the customer's documents. */
export function Component() {
  return <UploadDocumentsScreen />
}
