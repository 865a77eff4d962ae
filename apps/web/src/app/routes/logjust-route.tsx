import * as WEB_PATHS from '@exchange/shared/web-paths'
import { AuthCard, ButtonLink } from '../../components/account/ui'
import { useBrand } from '../../lib/brand-context'
import { useJwtToken } from '../../lib/use-jwt-token'

/**
 * /logjust: a plain screen in the public layout (the spec gives it no behaviour). A signed-in visitor is not asked to
 * log in: the way to their dashboard instead (decision 125).
 */
export function LogjustRoute() {
  const brand = useBrand()
  const signedIn = useJwtToken() !== null
  return (
    <AuthCard title={`Welcome to ${brand.brandName}`}>
      {signedIn ? (
        <>
          <p>{brand.tagline}. You are logged in.</p>
          <div className="ac-row">
            <ButtonLink to={WEB_PATHS.dashboard}>Go to your dashboard</ButtonLink>
          </div>
        </>
      ) : (
        <>
          <p>{brand.tagline}. Log in to continue, or create an account in a minute.</p>
          <div className="ac-row">
            <ButtonLink to={WEB_PATHS.login}>Login</ButtonLink>
            <ButtonLink to={WEB_PATHS.signup} variant="default">
              Sign Up
            </ButtonLink>
          </div>
        </>
      )}
    </AuthCard>
  )
}
