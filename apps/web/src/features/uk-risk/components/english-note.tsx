import { Text } from '@mantine/core'
import { useCatalog } from '../../../lib/i18n/catalog'
import { useLanguage } from '../../../lib/i18n/language'
import { speaksOtherThanEnglish } from '../english-only'
import { ukRiskCatalog } from '../messages'

/** Whether the app speaks another language than the UK regulatory texts' English, drawn again when it switches. */
function useSpeaksOtherThanEnglish(): boolean {
  // Drawn again when the language switches; the catalogs' language is the one the screen's words are in.
  useLanguage()
  return speaksOtherThanEnglish()
}

/**
 * Above a UK regulatory text, in German, French or Italian: the text that follows is in English, as the UK regulator's
 * rules are written in English (decision 129). Nothing in English.
 */
export function EnglishRulesNote() {
  const t = useCatalog(ukRiskCatalog)
  if (!useSpeaksOtherThanEnglish()) return null
  return (
    <Text size="sm" c="dimmed" fs="italic">
      {t('uk-risk.englishNote')}
    </Text>
  )
}
