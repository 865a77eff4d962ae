import * as WEB_PATHS from '@exchange/shared/web-paths'
import { AuthCard, ButtonLink } from '../../components/account/ui'

export function NotFoundRoute() {
  return (
    <AuthCard title="Page not found">
      <p className="ac-dimmed">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to={WEB_PATHS.home}>Go to the home page</ButtonLink>
    </AuthCard>
  )
}
