// What the api tests build on, by subject: the app on a database of its own (test-app), calls as a client makes them
// (calls), the mail a customer reads (mail), the steps a customer takes (customers), orders and payments (orders), the
// UK steps (uk-steps), and the facts of a test customer and wallet (customer-fixtures, wallets).
export * from './calls'
export * from './customers'
export * from './mail'
export * from './orders'
export * from './test-app'
export * from './uk-steps'
export { ADA_DETAILS, COMPANY, DOCUMENT_NAME, SOURCE_OF_FUNDS } from './customer-fixtures'
export { refusableLiquidity } from './liquidity'
export {
  EVERY_ROLE,
  type OperatorSession,
  askAndApprove,
  operatorPost,
  operatorSession,
  useOperatorSession,
} from './operators'
export { type Route, registeredRoutes } from './routes'
