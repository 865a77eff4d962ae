import type { Language } from '@exchange/shared/languages'
import { activeLocale } from '../../lib/i18n/locale'
import classes from './boot-loader.module.css'

/** Its name in each language: it shows before any catalog has arrived (decision 129). */
const LOADING: Record<Language, string> = { en: 'Loading', de: 'Wird geladen', fr: 'Chargement', it: 'Caricamento' }

/** A loader that needs no theme: shown while the brand or a route module loads. */
export function BootLoader() {
  return (
    <div className={classes.wrap} role="status" aria-label={LOADING[activeLocale().language]}>
      <span className={classes.spinner} />
    </div>
  )
}
