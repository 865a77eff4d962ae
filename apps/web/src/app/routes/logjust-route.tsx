import * as WEB_PATHS from '@exchange/shared/web-paths'
import { AuthCard, ButtonLink } from '../../components/account/ui'
import { useBrand } from '../../lib/brand-context'

/** /logjust: a plain screen in the public layout (the spec gives it no behaviour). */
export function LogjustRoute() {
  const brand = useBrand()
  return (
    <AuthCard title={`Welcome to ${brand.brandName}`}>
      <p>{brand.tagline}. Log in to continue, or create an account in a minute.</p>
      <div className="ac-row">
        <ButtonLink to={WEB_PATHS.login}>Login</ButtonLink>
        <ButtonLink to={WEB_PATHS.signup} variant="default">
          Sign Up
        </ButtonLink>
      </div>
    </AuthCard>
  )
}
