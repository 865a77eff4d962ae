import * as WEB_PATHS from '@exchange/shared/web-paths'
import { useLocation } from 'react-router'
import { downloadFile } from '../../features/documents/api/download-file'
import { uploadFile } from '../../features/documents/api/upload-file'
import { identityDuration } from '../../features/identity/identity-copy'
import { ContactFormScreen, type SendAttachment } from '../../features/support/components/contact-form-screen'
import { SupportScreen } from '../../features/support/components/support-screen'
import { useBrand } from '../../lib/brand-context'

/**
 * /dashSupport (the customer's requests, their files saved through the documents' download, and the questions) and
 * /dashboard-contactus (the contact form, its files sent through the documents' `uploadFile`): one module loaded on
 * demand for both, so that the first load names one chunk for support, not two.
 */
export function Component() {
  const { brandName } = useBrand()
  const { pathname } = useLocation()
  if (pathname.toLowerCase() !== WEB_PATHS.contactUs.toLowerCase())
    return (
      <SupportScreen
        download={(id, fileName) => void downloadFile(id, fileName)}
        identityDuration={identityDuration()}
      />
    )
  const sendAttachment: SendAttachment = async (file) => {
    try {
      const answer = await uploadFile({ file, purpose: 'support_attachment', brandName })
      if (!answer) return { error: 'unauthorized' }
      return answer.result ? { id: answer.data.id } : { error: answer.error }
    } catch {
      return { error: 'internal_error' }
    }
  }
  return <ContactFormScreen sendAttachment={sendAttachment} />
}
