import { Button } from '../../components/account/ui'
import { useCatalog } from '../../lib/i18n/catalog'
import { commonCatalog } from '../../lib/common-copy'

/** A screen failed to render or its module failed to load (often a new deployment): offer a reload. */
export function RouteError() {
  const t = useCatalog(commonCatalog)
  return (
    <div className="ac-centre" style={{ minHeight: '100vh', alignItems: 'center' }}>
      <div className="ac-stack ac-centred" style={{ maxWidth: 420 }}>
        <h1 style={{ margin: 0, fontSize: 26 }}>{t('common.routeError.title')}</h1>
        <p className="ac-dimmed">{t('common.routeError.body')}</p>
        <Button onClick={() => window.location.reload()}>{t('common.routeError.reload')}</Button>
      </div>
    </div>
  )
}
