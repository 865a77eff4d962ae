import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../lib/cookies'
import { grossData, orderDetailAnswer, orderSummary, storedDetails } from '../../test/fixtures'
import { mockApi, ok } from '../../test/mock-api'
import { renderScreen } from '../../test/render'
import { Component as ConfirmDetailsRoute } from './confirm-details-route'
import { expectCurrentBuyStep } from '../../test/buy-steps'

describe('/dashboard-confirmdetails', () => {
  it('shows the order being paid above the details, with a way back to the payment methods', async () => {
    saveJwtCookie('token-1', 24)
    const api = mockApi({
      getClientDetails: ok({ data: storedDetails() }),
      getOrderDetail: orderDetailAnswer(orderSummary({ orderReference: 'ABCD234567' })),
    })
    renderScreen(<ConfirmDetailsRoute />, {
      path: '/dashboard-confirmdetails',
      url: '/dashboard-confirmdetails?order=ABCD234567',
      customer: grossData({ firstName: null, lastName: null }),
    })
    const summary = await screen.findByRole('region', { name: 'Your order' })
    expect(await within(summary).findByText('1,250.00 EUR')).toBeInTheDocument()
    expectCurrentBuyStep('Details')
    expect(within(summary).getByText('ABCD234567')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '← Back to the payment methods' })).toHaveAttribute(
      'href',
      '/dashboard-method?order=ABCD234567',
    )
    expect(await screen.findByRole('heading', { name: 'Confirm your details' })).toBeInTheDocument()
    expect(api.callsTo('getOrderDetail').map((call) => call.body.orderReference)).toEqual(['ABCD234567'])
  })
})
