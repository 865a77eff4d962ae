import { CODE_LENGTH } from '@exchange/shared/constants'
import { PinInput } from '@mantine/core'
import type { Ref } from 'react'

interface CodeInputProps {
  value: string
  onChange: (value: string) => void
  label: string
  /** While a code is being checked the boxes keep focus but take no input. */
  readOnly?: boolean
  error?: boolean
  success?: boolean
  inputRef?: Ref<HTMLInputElement>
}

/** The five digit boxes of an e-mailed code; typing moves on, pasting fills them all. */
export function CodeInput({ value, onChange, label, readOnly, error, success, inputRef }: CodeInputProps) {
  return (
    <PinInput
      ref={inputRef}
      aria-label={label}
      length={CODE_LENGTH}
      type="number"
      oneTimeCode
      autoFocus
      size="lg"
      gap="sm"
      placeholder=""
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      error={error}
      success={success}
      getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1}` })}
      styles={{ root: { justifyContent: 'center' }, input: { fontSize: 24, fontWeight: 700 } }}
    />
  )
}
