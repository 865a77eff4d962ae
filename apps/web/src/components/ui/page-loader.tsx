import type { Language } from '@exchange/shared/languages'
import { Center, Loader } from '@mantine/core'
import { catalogLanguage } from '../../lib/i18n/catalog'

/** Its name in each language, without a catalog: it shows while screens and their catalogs load (decision 129). */
const LOADING: Record<Language, string> = { en: 'Loading', de: 'Wird geladen', fr: 'Chargement', it: 'Caricamento' }

export function PageLoader({ label }: { label?: string }) {
  const language = catalogLanguage()
  return (
    <Center mih="60vh" role="status" aria-label={label ?? LOADING[language === 'pseudo' ? 'en' : language]}>
      <Loader />
    </Center>
  )
}
