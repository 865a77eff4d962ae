import { AuthCard, ButtonLink } from '../../components/account/ui'

export function NotFoundRoute() {
  return (
    <AuthCard title="Page not found">
      <p className="ac-dimmed">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Go to the home page</ButtonLink>
    </AuthCard>
  )
}
