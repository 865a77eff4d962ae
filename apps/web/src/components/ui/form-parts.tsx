import { Card, Group, NativeSelect, Radio, Stack, Textarea, Title } from '@mantine/core'
import { useId, type ReactNode } from 'react'
import { useCatalog } from '../../lib/i18n/catalog'
import { uiCatalog } from '../messages'

/** One titled part of a long form or of a page, its own landmark for screen readers. */
export function FormSection({
  title,
  gap = 'md',
  children,
}: {
  title: string
  gap?: 'sm' | 'md'
  children: ReactNode
}) {
  const id = useId()
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap={gap}>
        <Title id={id} order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  )
}

/** A closed question as the phone's own picker: the customer chooses one answer, none is chosen for them. */
export function ChoiceField({
  id,
  label,
  value,
  options,
  error,
  onChange,
}: {
  id: string
  label: string
  value: string
  options: { value: string; label: string }[]
  error?: string
  onChange: (value: string) => void
}) {
  const t = useCatalog(uiCatalog)
  return (
    <NativeSelect
      id={id}
      label={label}
      withAsterisk
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: t('ui.choice.placeholder'), disabled: true }, ...options]}
      error={error}
      size="md"
    />
  )
}

export type YesNo = 'yes' | 'no' | ''

/** A yes/no question; arrow keys move between the two answers. */
export function YesNoField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  value: YesNo
  error?: string
  onChange: (value: YesNo) => void
}) {
  const t = useCatalog(uiCatalog)
  return (
    <Radio.Group label={label} withAsterisk value={value} onChange={(next) => onChange(next as YesNo)} error={error}>
      <Group gap="xl" mt="xs">
        <Radio id={id} value="yes" label={t('ui.yes')} />
        <Radio value="no" label={t('ui.no')} />
      </Group>
    </Radio.Group>
  )
}

export const yesNoOf = (value: boolean | undefined | null): YesNo =>
  value === true ? 'yes' : value === false ? 'no' : ''
export const booleanOf = (value: YesNo): boolean | undefined =>
  value === 'yes' ? true : value === 'no' ? false : undefined
/** Free text as the schema wants it: left out when empty, so "optional" means optional. */
export const textOf = (value: string): string | undefined => (value.trim() === '' ? undefined : value)

/** Moves the keyboard focus to the first field with a message, in the order the form shows them. */
export function focusFirstError(order: readonly string[], errors: Record<string, string>, prefix: string) {
  const first = order.find((key) => errors[key])
  if (first) document.getElementById(`${prefix}-${first}`)?.focus()
}

/** A free-text answer of a long form: grows as the customer writes, up to its limit. */
export function AnswerText({
  id,
  label,
  description,
  required = true,
  minRows = 2,
  maxLength = 500,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  description: string
  required?: boolean
  minRows?: number
  maxLength?: number
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  return (
    <Textarea
      id={id}
      label={label}
      description={description}
      withAsterisk={required}
      autosize
      size="md"
      minRows={minRows}
      maxLength={maxLength}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  )
}
