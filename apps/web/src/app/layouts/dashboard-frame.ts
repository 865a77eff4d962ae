/**
 * The signed-in frame's measures, shared by the Mantine layout and the plain frame drawn while its modules load
 * (decision 060); kept free of Mantine so the first bundle can carry them.
 */
export const DASHBOARD_HEADER_HEIGHT = 60
/** On a phone the header is compact, so that with the UK risk warning under it most of the screen is the page. */
export const DASHBOARD_HEADER_HEIGHT_PHONE = 44
/** Where the layout turns compact: Mantine's `xs` breakpoint. */
export const DASHBOARD_PHONE_QUERY = '(max-width: 36em)'
