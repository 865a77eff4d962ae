import { STEP_COPY } from '@exchange/shared/step-copy'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../lib/cookies'
import { switchLanguage } from '../../lib/i18n/language'
import { grossData, orderDetailAnswer, orderSummary } from '../../test/fixtures'
import { mockApi, ok } from '../../test/mock-api'
import { renderScreen } from '../../test/render'
import { OrderHistory } from './components/order-history'
import englishSource from './locales/en.json?raw'

const english = JSON.parse(englishSource) as Record<string, string>

describe("the orders' screens in the customer's language", () => {
  it("carry the shared steps' English copy word for word", () => {
    for (const [step, text] of Object.entries(STEP_COPY)) expect(english[`orders.stepCopy.${step}`], step).toBe(text)
  })

  it('shows the history, an order and its timeline in German', async () => {
    const user = userEvent.setup()
    const order = orderSummary({ orderReference: 'ORDER00001', statusName: 'completed' })
    saveJwtCookie('token-1', 24)
    mockApi({
      getHistory: ok({
        data: { orders: [order], page: 1, pageSize: 10, total: 1, totalCapped: false, nextAfter: null },
      }),
      getOrderDetail: orderDetailAnswer(order, [
        {},
        {
          fromStatus: 'initiated',
          toStatus: 'awaiting_payment',
          kind: 'wire_chosen',
          words: 'You chose to pay by bank transfer',
        },
        {
          fromStatus: 'awaiting_payment',
          toStatus: 'paid',
          kind: 'transfer_received',
          words: 'We received 250.00 EUR',
          actor: 'system',
        },
      ]),
    })
    await switchLanguage('de')
    renderScreen(<OrderHistory />, { path: '/dashboard-history', customer: grossData() })

    expect(await screen.findByRole('heading', { name: 'Auftragsverlauf' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Aufträge' })
    expect(within(table).getByRole('columnheader', { name: 'Zahlungsart' })).toBeInTheDocument()
    expect(within(table).getByText('Abgeschlossen')).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Beleg zu Auftrag ORDER00001' })).toBeInTheDocument()

    await user.click(within(table).getByRole('button', { name: 'Details zu Auftrag ORDER00001' }))
    const drawer = await screen.findByRole('dialog', { name: 'Auftrag ORDER00001' })
    expect(await within(drawer).findByText('Auftrag begonnen, Preis festgelegt')).toBeInTheDocument()
    expect(within(drawer).getByText('Zahlung erhalten')).toBeInTheDocument()
    expect(within(drawer).getByText('Wir haben 250.00 EUR erhalten')).toBeInTheDocument()
    expect(within(drawer).getByText('Sie haben bezahlt')).toBeInTheDocument()
    expect(within(drawer).getByRole('link', { name: 'Beleg anzeigen' })).toBeInTheDocument()
    expect(within(drawer).queryByText(/We received|Payment received|You paid/)).not.toBeInTheDocument()
  })
})
