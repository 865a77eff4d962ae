import type { PaymentOption } from '@exchange/shared/orders.schemas'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { updateSessionState } from '../../../lib/session-state'
import { bankAccount, grossData, orderDetailAnswer, orderSummary, transferInstructions } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { VibanScreen } from './viban-screen'
import { expectCurrentBuyStep } from '../../../test/buy-steps'

const CARD: PaymentOption = { id: 'sandbox-card', name: 'Card (sandbox)' }
const ORDER = orderSummary({ orderReference: 'ABCD234567' })
const VIBAN = bankAccount({ iban: 'CH9809999700000000001', holder: 'Helvex Digital Markets AG / Ada Lovelace' })

function renderViban({
  handlers = {},
  psp = CARD,
  banks = true,
}: { handlers?: ApiHandlers; psp?: PaymentOption | null; banks?: boolean } = {}) {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  updateSessionState({ selectedPsp: psp })
  const api = mockApi({
    getOrderDetail: orderDetailAnswer(ORDER),
    // The fiats the virtual IBAN's account holds: the order's eur, or not.
    orderGetViban: ok({ data: { ...VIBAN, fiats: banks ? ['eur', 'gbp'] : ['gbp'] } }),
    orderSubmitViban: ok({ data: transferInstructions({ iban: VIBAN.iban, holder: VIBAN.holder }) }),
    ...handlers,
  })
  const view = renderScreen(<VibanScreen />, { path: '/dashboard-viban', customer: grossData() })
  return { api, ...view }
}

describe('VibanScreen', () => {
  it("offers no bank transfer after a card choice when the order's fiat has none (as the method screen showed)", async () => {
    renderViban({ banks: false })
    expect(await screen.findByRole('button', { name: 'Pay by card' })).toBeInTheDocument()
    expectCurrentBuyStep('Pay')
    expect(screen.queryByRole('button', { name: 'Pay by bank transfer to your personal IBAN' })).not.toBeInTheDocument()
  })

  it('offers the card and a transfer to the customer’s own IBAN', async () => {
    renderViban()
    // The customer chose the card: the page is titled for it, with the transfer as the alternative.
    expect(screen.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Pay by card' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Or a bank transfer' })).toHaveTextContent(
      /If yours arrives later, we buy at the price when it arrives if that is close to this one or better/,
    )
    expect(await screen.findByText('CH98 0999 9700 0000 0000 1')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay by bank transfer to your personal IBAN' })).toBeEnabled()
  })

  it('goes on to the card payment with the selected provider', async () => {
    const user = userEvent.setup()
    const { router } = renderViban()
    await user.click(await screen.findByRole('button', { name: 'Pay by card' }))
    await screen.findByText('Page /dashboard-startcc')
    expect(router.state.location.pathname).toBe('/dashboard-startcc')
  })

  it('ties the order to the virtual IBAN and shows the transfer details next', async () => {
    const user = userEvent.setup()
    const { api, router } = renderViban()
    await screen.findByText('CH98 0999 9700 0000 0000 1')
    await user.click(screen.getByRole('button', { name: 'Pay by bank transfer to your personal IBAN' }))
    await screen.findByText('Page /dashboard-vibanDetails')
    expect(router.state.location.pathname).toBe('/dashboard-vibanDetails')
    expect(api.callsTo('orderSubmitViban')[0]?.body).toEqual({ orderReference: 'ABCD234567', brandName: 'Helvex' })
  })

  it('asks for the details first when the name is missing', async () => {
    const { router } = renderViban({ handlers: { orderGetViban: fail('details_required') } })
    await screen.findByText('Page /dashboard-confirmdetails')
    expect(router.state.location.pathname).toBe('/dashboard-confirmdetails')
  })

  it('offers only the transfer when no card provider was chosen', async () => {
    renderViban({ psp: null })
    expect(
      await screen.findByRole('button', { name: 'Pay by bank transfer to your personal IBAN' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument()
  })

  it('stays and explains when the price has expired', async () => {
    const user = userEvent.setup()
    renderViban({ handlers: { orderSubmitViban: fail('price_expired') } })
    await screen.findByText('CH98 0999 9700 0000 0000 1')
    await user.click(screen.getByRole('button', { name: 'Pay by bank transfer to your personal IBAN' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The price of this order has expired. Please start a new order.',
    )
  })

  it('says the payment service is not answering when the bank partner cannot issue the IBAN', async () => {
    renderViban({ handlers: { orderGetViban: fail('provider_unavailable') } })
    expect(
      await screen.findByText(
        'The payment service is not answering right now. Nothing was charged; please try again in a minute.',
      ),
    ).toBeInTheDocument()
  })
})
