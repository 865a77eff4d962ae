import type { RefObject } from 'react'
import { ACCEPT } from './file-uploads'

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
