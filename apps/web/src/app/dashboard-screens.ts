/**
 * The signed-in screens of spec section 2. Every one is loaded on demand and needs the jwtToken cookie.
 * The built ones have their own route module; the others show an honest "not available yet" page
 * until their issue lands. This list is what the README names.
 */
export interface DashboardScreen {
  /** The spec's name, e.g. 'startcc' for /dashboard-startcc. */
  name: string
  path: string
  /** The page's title as the customer reads it. */
  title: string
}

const sub = (name: string, title: string): DashboardScreen => ({ name, path: `/dashboard-${name}`, title })

export const BUILT_DASHBOARD_SCREENS: readonly DashboardScreen[] = [
  { name: 'dashboard', path: '/dashboard', title: 'Buy crypto' },
  sub('method', 'Choose how to pay'),
  sub('details', 'Your details'),
  sub('confirmdetails', 'Confirm your details'),
  sub('choosecc', 'Choose your card provider'),
  sub('startcc', 'Card payment'),
  sub('viban', 'Your virtual IBAN'),
  sub('vibanDetails', 'Pay to your virtual IBAN'),
  sub('returncc', 'Payment result'),
  sub('thankyou', 'Thank you'),
  sub('sorry', 'Payment not completed'),
  sub('choosebank', 'Choose your bank'),
  sub('banks', 'Choose your bank'),
  sub('wire', 'Pay by bank transfer'),
  sub('history', 'Order history'),
  sub('authstart', 'Verify your identity'),
  sub('hostedauth', 'Identity check with our partner'),
  sub('returnauth', 'Checking your identity'),
  sub('authend', 'Your identity check'),
  sub('uploaddocs', 'Upload documents'),
  sub('sof', 'Source of funds'),
  sub('quest', 'A few more questions'),
  // Not a screen of the spec: the checks panel on its own page, the menu's "Your checks" (decision 038).
  sub('checks', 'Your checks'),
  sub('wallets', 'Your wallets'),
  sub('wayout', 'Your choices for a waiting order'),
  sub('receipt', 'Receipt'),
  sub('disclaimer', 'Our agreement: key terms'),
  sub('agr', 'Customer agreement'),
  sub('agr1', 'Sign the agreement'),
  sub('returnagr', 'Agreement signed'),
  // The UK steps (decision 041); prwait, the cooling-off, is not in the spec's table and follows its pr… family.
  sub('prk', 'Risk warning'),
  sub('prst', 'Investor categorisation'),
  sub('prquest', 'Cryptoasset questions'),
  sub('prwait', 'Time to think it over'),
  { name: 'dashAccount', path: '/dashAccount', title: 'Account' },
  { name: 'dashSupport', path: '/dashSupport', title: 'Support' },
]

export const NOT_AVAILABLE_SCREENS: readonly DashboardScreen[] = [
  { name: 'land', path: '/land', title: 'Welcome back' },
  sub('contactus', 'Contact us'),
  ...[0, 1, 2, 3, 4, 5].map((step) => sub(`otp${step}`, `Security code (step ${step + 1})`)),
]

/** The not-available screen at this address; paths match without regard to case, as the router does. */
export function notAvailableScreenAt(pathname: string): DashboardScreen | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '')
  return NOT_AVAILABLE_SCREENS.find((screen) => screen.path.toLowerCase() === path)
}
