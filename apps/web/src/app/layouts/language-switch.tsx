import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@exchange/shared/languages'
import { useState } from 'react'
import { useCatalog } from '../../lib/i18n/catalog'
import { switchLanguage, useLanguage } from '../../lib/i18n/language'
import { commonCatalog } from '../../lib/common-copy'

/**
 * The header's language choice (decision 129): a native select, named "Language" in the language in force, whose
 * options name each language in itself; the header shows the chosen one's code. The choice is kept in this browser and,
 * in the signed-in header, on the customer (`onChosen`, decision 131).
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (language: Language) => Promise<unknown> }) {
  const t = useCatalog(commonCatalog)
  const language = useLanguage()
  const [switching, setSwitching] = useState(false)
  const shown = language === 'pseudo' ? 'en' : language
  return (
    <label className="ac-language" aria-busy={switching || undefined}>
      <span aria-hidden="true">{shown.toUpperCase()}</span>
      <select
        aria-label={t('common.language')}
        value={shown}
        disabled={switching}
        onChange={(event) => {
          const chosen = event.currentTarget.value
          if (!isLanguage(chosen)) return
          setSwitching(true)
          switchLanguage(chosen)
            .then(() => onChosen?.(chosen))
            .catch(() => undefined)
            .finally(() => setSwitching(false))
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  )
}
