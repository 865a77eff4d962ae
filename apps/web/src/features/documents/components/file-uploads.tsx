import type { DocumentPurpose } from '@exchange/shared/documents.schemas'
import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { RefObject } from 'react'
import { localizeCopy } from '../../../lib/common-copy'
import { alertCopyFor } from '../../../lib/dashboard-alert-copy'
import { uploadFile } from '../api/upload-file'
import { documentsCatalog } from '../messages'

/** What the file pickers offer; the api decides by the file's bytes whatever the picker let through. */
const ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf'

/** One file the customer is sending, as its row shows it. */
export interface FileUpload {
  key: number
  name: string
  /** 0 to 100. */
  percent: number
  state: 'waiting' | 'sending' | 'sent' | 'refused'
  message: string | null
}

/** An api refusal in the customer's words. */
export function refusalCopy(error: ErrorCode): string {
  return alertCopyFor({ error }, ALERT_MESSAGES.somethingWentWrong)
}

/** A row's status: sent, not sent, waiting in line, or how far it got. */
export function uploadStatus(upload: FileUpload): string {
  const { t } = documentsCatalog
  if (upload.state === 'sent') return t('documents.upload.sent')
  if (upload.state === 'refused') return t('documents.upload.refused')
  if (upload.state === 'waiting') return t('documents.upload.waiting')
  return t('documents.upload.sending', { percent: upload.percent })
}

/** Sends one file with its purpose through `uploadFile`, telling its row how far it got and how it ended. */
export async function sendFile(
  file: File,
  purpose: DocumentPurpose,
  brandName: string,
  update: (change: Partial<FileUpload>) => void,
): Promise<void> {
  try {
    const answer = await uploadFile({
      file,
      purpose,
      brandName,
      onProgress: (fraction) => update({ percent: Math.min(99, Math.round(fraction * 100)) }),
    })
    if (answer && answer.result) update({ state: 'sent', percent: 100 })
    else update({ state: 'refused', message: refusalCopy(answer ? answer.error : 'unauthorized') })
  } catch {
    update({ state: 'refused', message: localizeCopy(ALERT_MESSAGES.somethingWentWrong) })
  }
}

/** The colour of a row's status and progress bar: red refused, teal sent, otherwise the default. */
export function uploadColor(state: FileUpload['state']): 'red' | 'teal' | undefined {
  return state === 'refused' ? 'red' : state === 'sent' ? 'teal' : undefined
}

/**
 * The hidden file input a "choose files" button opens: it takes JPEG, PNG or PDF, hands the chosen files on, and
 * empties itself so the same file can be chosen again.
 */
export function FilePicker({
  picker,
  label,
  testId,
  onFiles,
}: {
  picker: RefObject<HTMLInputElement | null>
  label: string
  testId: string
  onFiles: (files: File[]) => void
}) {
  return (
    <input
      ref={picker}
      type="file"
      multiple
      accept={ACCEPT}
      hidden
      aria-label={label}
      data-testid={testId}
      onChange={(event) => {
        const chosen = Array.from(event.currentTarget.files ?? [])
        event.currentTarget.value = ''
        onFiles(chosen)
      }}
    />
  )
}
