import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { commonCatalog } from '../../lib/common-copy'
import { CardIsPage, PageSpinner } from '../../components/account/ui'

/** The other public screens: one centred card, its heading the page's h1, loaded on demand (a spinner meanwhile). */
export function CardLayout() {
  return (
    <div className="ac-centre">
      <CardIsPage value>
        <Suspense fallback={<PageSpinner label={commonCatalog.t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </CardIsPage>
    </div>
  )
}
