import { activeLocale } from '../../lib/i18n/locale'
import classes from './boot-loader.module.css'
import { loadingLabel } from './loading-label'

/** A loader that needs no theme: shown while the brand or a route module loads. */
export function BootLoader() {
  return (
    <div className={classes.wrap} role="status" aria-label={loadingLabel(activeLocale().language)}>
      <span className={classes.spinner} />
    </div>
  )
}
