import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { commonCatalog } from '../../lib/common-copy'
import { PageSpinner } from '../../components/account/ui'
import { UkRiskBanner } from '../../features/uk-risk/components/uk-risk-banner'
import { WelcomeBlock } from '../../features/welcome/components/welcome-block'
import { useIsMobile } from '../../lib/use-is-mobile'
import { PUBLIC_HEADER_HEIGHT } from './public-layout'

/**
 * The home views (/, /signup, /login): welcome and form, stacked on phones, side by side from 768 px. The sign-up form
 * is loaded on demand (decision 125).
 */
export function HomeLayout() {
  const mobile = useIsMobile()
  return (
    <>
      <UkRiskBanner top={PUBLIC_HEADER_HEIGHT} />
      <div className="ac-home" data-layout={mobile ? 'mobile' : 'web'}>
        <WelcomeBlock compact={mobile} />
        <div className="ac-form-column">
          <Suspense fallback={<PageSpinner label={commonCatalog.t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </>
  )
}
