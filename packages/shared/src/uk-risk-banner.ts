/** The UK risk warning banner of uk-regulation.md section 1 (COBS 4.12A.11R), versioned as uk-regulation.ts is. */
export const UK_RISK_BANNER = {
  version: '2023-10-08.1',
  text: "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you should not expect to be protected if something goes wrong.",
  linkText: 'Take 2 mins to learn more',
} as const
