/**
 * The public screens loaded on demand, in one chunk (decision 125): the code screen, the password reset and its success
 * screen, /logout, /logjust, /home and the page for an unknown address. None of them is needed to show /login.
 */
export { SignupForm as Signup } from '../../features/auth/components/signup-form'
export { CodeEntryScreen as Code } from '../../features/auth/components/code-entry-screen'
export { ResetPasswordScreen as ResetPassword } from '../../features/auth/components/reset-password-screen'
export { ResetSuccessScreen as ResetDone } from '../../features/auth/components/reset-success-screen'
export { LogoutScreen as Logout } from '../../features/session/components/logout-screen'
export { LogjustRoute as Logjust } from './logjust-route'
export { MarketingRedirectRoute as Marketing } from './marketing-redirect-route'
export { NotFoundRoute as NotFound } from './not-found-route'
