import { Select, type SelectProps } from '@mantine/core'
import { useState, type KeyboardEvent } from 'react'

interface CurrencySelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'data' | 'searchValue'> {
  data: readonly { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
}

/**
 * A currency or coin dropdown inside the buy form. Enter picks the highlighted option or does nothing: it never submits
 * the form (an order started by a key meant for the list). Typing searches from scratch rather than after the chosen
 * label ("BTC – Bitcoinusdt"), and closing the list without a choice (Escape, a click away) puts the label back.
 */
export function CurrencySelect({ data, value, onChange, searchable, ...props }: CurrencySelectProps) {
  const label = data.find((option) => option.value === value)?.label ?? ''
  const [search, setSearch] = useState<string | null>(null)

  function keepFromSubmitting(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') event.preventDefault()
  }

  return (
    <Select
      {...props}
      data={data as { value: string; label: string }[]}
      value={value}
      onChange={(next) => {
        setSearch(null)
        if (next) onChange(next)
      }}
      allowDeselect={false}
      // The list exists only while open: kept mounted (Mantine's default), both lists and their scroll areas were drawn,
      // hidden, with the calculator, a good part of the dashboard's longest task on load (decision 060).
      comboboxProps={{ keepMounted: false }}
      searchable={searchable}
      selectFirstOptionOnChange={searchable}
      onKeyDown={keepFromSubmitting}
      {...(searchable
        ? {
            searchValue: search ?? label,
            onSearchChange: (text: string) => setSearch(text === label ? null : text),
            onFocus: (event) => event.currentTarget.select(),
            onDropdownClose: () => setSearch(null),
          }
        : {})}
    />
  )
}
