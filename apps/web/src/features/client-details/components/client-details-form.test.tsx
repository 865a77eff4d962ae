import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { grossData, storedDetails } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ConfirmDetailsScreen } from './confirm-details-screen'
import { DetailsScreen } from './details-screen'

const ADA = storedDetails({
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 St James Square',
  city: 'London',
  postal: 'SW1Y 4JH',
  country: 'GB',
  phone: '+44 20 7946 0000',
})

function arrange(handlers: ApiHandlers) {
  saveJwtCookie('token-1', 24)
  return mockApi({ saveClientDetails: ok(), ...handlers })
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), '  Grace ')
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper')
  await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Bahnhofstrasse 1')
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Zürich')
  await user.type(screen.getByRole('textbox', { name: 'Postal code' }), '8001')
  await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Switz')
  await user.click(await screen.findByRole('option', { name: 'Switzerland' }))
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+41 44 668 18 00')
}

describe('DetailsScreen', () => {
  it('is prefilled with the stored details', async () => {
    arrange({ getClientDetails: ok({ data: ADA }) })
    renderScreen(<DetailsScreen />, { path: '/dashboard-details', customer: grossData() })
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Ada')
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveValue('SW1Y 4JH')
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom')
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+44 20 7946 0000')
  })

  it('shows the schema’s message under each field that is missing', async () => {
    const user = userEvent.setup({ delay: null })
    const api = arrange({ getClientDetails: ok({ data: storedDetails() }) })
    renderScreen(<DetailsScreen />, { path: '/dashboard-details', customer: grossData() })
    await user.click(await screen.findByRole('button', { name: 'Save details' }))
    for (const message of [
      'First name is required',
      'Last name is required',
      'Address is required',
      'City is required',
      'Postal code is required',
      'Please choose your country',
      'Phone is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument()
    }
    expect(api.callsTo('saveClientDetails')).toHaveLength(0)
  })

  it('explains a phone number that is not in international format', async () => {
    const user = userEvent.setup({ delay: null })
    arrange({ getClientDetails: ok({ data: ADA }) })
    renderScreen(<DetailsScreen />, { path: '/dashboard-details', customer: grossData() })
    const phone = await screen.findByRole('textbox', { name: 'Phone' })
    await user.clear(phone)
    await user.type(phone, '044 668 18 00')
    await user.click(screen.getByRole('button', { name: 'Save details' }))
    expect(screen.getByText('Phone must be in international format, e.g. +41 44 668 18 00')).toBeInTheDocument()
  })

  it('saves the details as the schema reads them and says so', async () => {
    const user = userEvent.setup({ delay: null })
    const api = arrange({ getClientDetails: ok({ data: storedDetails() }) })
    renderScreen(<DetailsScreen />, {
      path: '/dashboard-details',
      customer: grossData({ firstName: null, lastName: null }),
    })
    await screen.findByRole('textbox', { name: 'First name' })
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Save details' }))
    expect(await screen.findByText('Details saved')).toBeInTheDocument()
    expect(api.callsTo('saveClientDetails')[0]?.body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      address: 'Bahnhofstrasse 1',
      city: 'Zürich',
      postal: '8001',
      country: 'CH',
      phone: '+41446681800',
      brandName: 'Helvex',
    })
    expect(getSessionState().clientName).toBe('Grace Hopper')
  })

  it('shows the api’s field messages under the fields', async () => {
    const user = userEvent.setup({ delay: null })
    arrange({
      getClientDetails: ok({ data: ADA }),
      saveClientDetails: fail('validation_failed', 400, { fields: { city: 'City is too long' } }),
    })
    renderScreen(<DetailsScreen />, { path: '/dashboard-details', customer: grossData() })
    await user.click(await screen.findByRole('button', { name: 'Save details' }))
    expect(await screen.findByText('City is too long')).toBeInTheDocument()
  })
})

describe('ConfirmDetailsScreen', () => {
  it('asks to confirm the details, then continues to the virtual IBAN step', async () => {
    const user = userEvent.setup({ delay: null })
    const api = arrange({ getClientDetails: ok({ data: storedDetails() }) })
    const { router } = renderScreen(<ConfirmDetailsScreen />, {
      path: '/dashboard-confirmdetails',
      customer: grossData({ firstName: null, lastName: null }),
    })
    expect(await screen.findByRole('heading', { name: 'Confirm your details' })).toBeInTheDocument()
    await screen.findByRole('textbox', { name: 'First name' })
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }))
    await screen.findByText('Page /dashboard-viban')
    expect(router.state.location.pathname).toBe('/dashboard-viban')
    expect(api.callsTo('saveClientDetails')).toHaveLength(1)
    expect(getSessionState().clientName).toBe('Grace Hopper')
  })
})
