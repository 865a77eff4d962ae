import type { DocumentPurpose } from '@exchange/shared/documents.schemas'
import { ALERT_MESSAGES, ERROR_COPY } from '@exchange/shared/messages'
import { Button, Group, Progress, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useBrand } from '../../../lib/brand-context'
import { FILES_QUERY_KEY } from '../api/list-files'
import { uploadFile } from '../api/upload-file'
import { DOCUMENT_PURPOSE_COPY } from '../document-purposes'

const ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf'

interface Sent {
  key: number
  name: string
  percent: number
  state: 'sending' | 'sent' | 'refused'
  message: string | null
}

/**
 * A file picker that sends each chosen file with one purpose through `uploadFile`, the same call and refusals as the
 * documents screen; for a screen that asks for one kind of document in passing (source-of-funds evidence on `sof`).
 */
export function EvidenceUpload({ purpose, label }: { purpose: DocumentPurpose; label: string }) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const picker = useRef<HTMLInputElement>(null)
  const nextKey = useRef(0)
  const hintId = useId()
  const [sent, setSent] = useState<Sent[]>([])

  const update = (key: number, change: Partial<Sent>) =>
    setSent((current) => current.map((one) => (one.key === key ? { ...one, ...change } : one)))

  async function send(files: File[]) {
    for (const file of files) {
      const key = nextKey.current++
      setSent((current) => [...current, { key, name: file.name, percent: 0, state: 'sending', message: null }])
      try {
        const answer = await uploadFile({
          file,
          purpose,
          brandName: brand.brandName,
          onProgress: (fraction) => update(key, { percent: Math.min(99, Math.round(fraction * 100)) }),
        })
        if (answer && answer.result) update(key, { state: 'sent', percent: 100 })
        else
          update(key, {
            state: 'refused',
            message: (answer ? ERROR_COPY[answer.error] : undefined) ?? ALERT_MESSAGES.somethingWentWrong,
          })
      } catch {
        update(key, { state: 'refused', message: ALERT_MESSAGES.somethingWentWrong })
      }
    }
    await queryClient.invalidateQueries({ queryKey: [FILES_QUERY_KEY] })
  }

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button variant="light" onClick={() => picker.current?.click()} aria-describedby={hintId}>
          {label}
        </Button>
        <Text id={hintId} size="xs" c="dimmed">
          JPEG, PNG or PDF, sent as “{DOCUMENT_PURPOSE_COPY[purpose].label}”.
        </Text>
      </Group>
      <input
        ref={picker}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        aria-label={label}
        data-testid="evidence-picker"
        onChange={(event) => {
          const chosen = Array.from(event.currentTarget.files ?? [])
          event.currentTarget.value = ''
          void send(chosen)
        }}
      />
      {sent.length > 0 ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Evidence you are sending">
          {sent.map((one) => (
            <Stack component="li" key={one.key} gap={4} aria-label={one.name}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {one.name}
                </Text>
                <Text size="sm" c={one.state === 'refused' ? 'red' : one.state === 'sent' ? 'teal' : 'dimmed'}>
                  {one.state === 'sent' ? 'Sent' : one.state === 'refused' ? 'Not sent' : `Sending… ${one.percent} %`}
                </Text>
              </Group>
              <Progress
                value={one.state === 'refused' ? 100 : one.percent}
                color={one.state === 'refused' ? 'red' : one.state === 'sent' ? 'teal' : undefined}
                size="xs"
                aria-label={`Upload of ${one.name}`}
              />
              {one.message ? (
                <Text role="alert" size="sm" c="red">
                  {one.message}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  )
}
