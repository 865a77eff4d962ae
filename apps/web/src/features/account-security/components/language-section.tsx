import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@exchange/shared/languages'
import { NativeSelect } from '@mantine/core'
import { useState } from 'react'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { useLanguage } from '../../../lib/i18n/language'
import { onLanguageChosen } from '../language-choice'
import { accountSecurityCatalog } from '../messages'
import { SecuritySection } from './security-parts'

/** The account page's "Language": the four languages, each named in itself; the choice applies at once. */
export function LanguageSection() {
  const t = useCatalog(accountSecurityCatalog)
  const language = useLanguage()
  const { brandName } = useBrand()
  const [switching, setSwitching] = useState(false)
  return (
    <SecuritySection title={t('account-security.language.title')} lead={t('account-security.language.lead')}>
      <NativeSelect
        id="account-language"
        label={t('account-security.language.label')}
        value={language === 'pseudo' ? 'en' : language}
        disabled={switching}
        maw={280}
        data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        onChange={(event) => {
          const chosen = event.currentTarget.value
          if (!isLanguage(chosen)) return
          setSwitching(true)
          onLanguageChosen(brandName, chosen)
            .catch(() => undefined)
            .finally(() => setSwitching(false))
        }}
      />
    </SecuritySection>
  )
}
