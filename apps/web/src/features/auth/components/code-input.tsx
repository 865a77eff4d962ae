import { CODE_LENGTH } from '@exchange/shared/constants'
import { useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react'
import { useCatalog } from '../../../lib/i18n/catalog'
import { authCatalog } from '../messages'

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

const digitsOf = (text: string) => text.replace(/\D/g, '')

/** The code with the digit at `index` replaced (an empty one clears the box). */
const withDigit = (digits: string[], index: number, digit: string) =>
  digits.map((current, at) => (at === index ? digit : current)).join('')

/** Hands the first box to the screen too, which focuses it again after a refused code. */
function shareFirstBox(inputRef: Ref<HTMLInputElement> | undefined, element: HTMLInputElement | null) {
  if (typeof inputRef === 'function') inputRef(element)
  else if (inputRef) inputRef.current = element
}

/**
 * The five digit boxes of an e-mailed code; typing moves on, Backspace goes back, pasting (or the phone's one-time-code
 * suggestion) fills them all.
 */
export function CodeInput({ value, onChange, label, readOnly, error, success, inputRef }: CodeInputProps) {
  const t = useCatalog(authCatalog)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const digits = Array.from({ length: CODE_LENGTH }, (_, index) => value[index] ?? '')
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus()

  function fillFrom(index: number, typed: string) {
    onChange(digits.map((digit, at) => (at < index ? digit : (typed[at - index] ?? digit))).join(''))
    focusBox(index + typed.length)
  }

  function handleChange(index: number, text: string) {
    const typed = digitsOf(text)
    if (text === '') onChange(withDigit(digits, index, ''))
    if (typed === '') return
    // A whole code at once is a suggestion or autofill; one more character is the digit just typed.
    if (typed.length >= CODE_LENGTH) fillFrom(0, typed)
    else fillFrom(index, typed.length > 1 ? typed.slice(-1) : typed)
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault()
      onChange(withDigit(digits, index - 1, ''))
      focusBox(index - 1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focusBox(index + 1)
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    if (readOnly) return
    const pasted = digitsOf(event.clipboardData.getData('text'))
    if (pasted) fillFrom(pasted.length >= CODE_LENGTH ? 0 : index, pasted)
  }

  return (
    <div
      role="group"
      aria-label={label}
      className="ac-code"
      data-state={success ? 'success' : error ? 'error' : undefined}
    >
      {digits.map((digit, index) => (
        <input
          // The boxes are a fixed row; their place is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element
            if (index === 0) shareFirstBox(inputRef, element)
          }}
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // The first box takes the focus when the screen opens, as the code is all there is to do.
          autoFocus={index === 0}
          aria-label={t('auth.code.digit', { position: index + 1 })}
          aria-invalid={error || undefined}
          value={digit}
          readOnly={readOnly}
          onChange={(event) => handleChange(index, event.currentTarget.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </div>
  )
}
