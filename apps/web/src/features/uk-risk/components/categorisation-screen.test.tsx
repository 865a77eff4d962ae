import { UK_CATEGORISATION_STATEMENTS as TEXTS } from '@exchange/shared/uk-regulation'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { formatDateTime } from '../../../lib/format'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ukStatus } from '../../../test/uk-fixtures'
import { CategorisationScreen } from './categorisation-screen'

const READ = { riskWarning: { state: 'done', lastChoice: 'continue', decidedAt: '2026-03-01T09:00:00.000Z' } } as const
const PAUSE_ENDS = '2026-03-02T09:05:00.000Z'

function renderPrst(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  const onQualified = vi.fn()
  const onDetailsNeeded = vi.fn()
  const api = mockApi({ ukStepsStatus: ukStatus(READ), ...handlers })
  const view = renderScreen(<CategorisationScreen onQualified={onQualified} onDetailsNeeded={onDetailsNeeded} />, {
    path: '/dashboard-prst',
  })
  return { api, onQualified, onDetailsNeeded, ...view }
}

const categories = () => screen.getByRole('radiogroup', { name: /Choose one statement/ })
const yesNo = (question: string, answer: 'Yes' | 'No') =>
  within(
    screen.getByRole('radiogroup', { name: new RegExp(question.slice(0, 30).replace(/[()?£,]/g, '.')) }),
  ).getByRole('radio', { name: answer })

describe('CategorisationScreen', () => {
  it('offers only the three categories, none chosen, each with its own rule, and shows a statement only once chosen', async () => {
    renderPrst()
    await screen.findByRole('form', { name: 'Investor categorisation' })
    const radios = within(categories()).getAllByRole('radio')
    expect(radios.map((radio) => radio.closest('.mantine-Radio-root')?.querySelector('label')?.textContent)).toEqual([
      'Restricted investor',
      'High net worth investor',
      'Certified sophisticated investor',
    ])
    for (const radio of radios) expect(radio).not.toBeChecked()
    expect(screen.getByText('You qualify when both A and B apply to you.')).toBeInTheDocument()
    expect(screen.getByText('You qualify when A or B applies to you.')).toBeInTheDocument()
    expect(screen.getByText(/You qualify when, in the last three years, an authorised firm/)).toBeInTheDocument()
    expect(screen.queryByText(/self-certified/i)).not.toBeInTheDocument()
    expect(screen.queryByText(TEXTS.restricted.statement)).not.toBeInTheDocument()
  })

  it('signs a restricted statement word for word with the typed name, and goes on when it qualifies', async () => {
    const user = userEvent.setup()
    const { api, onQualified } = renderPrst({
      ukCategorise: ok({
        data: {
          qualified: true,
          category: 'restricted',
          validUntil: '2027-03-01T09:05:00.000Z',
          newStatementFrom: null,
        },
      }),
    })
    await user.click(
      within(await screen.findByRole('radiogroup', { name: /Choose one statement/ })).getByRole('radio', {
        name: /Restricted investor/,
      }),
    )
    expect(screen.getByText(TEXTS.restricted.statement)).toBeInTheDocument()
    expect(screen.getByText(TEXTS.restricted.acceptance)).toBeInTheDocument()
    // Nothing answered for the customer.
    expect(yesNo(TEXTS.restricted.questions.investedUnderTenPercent, 'Yes')).not.toBeChecked()
    expect(yesNo(TEXTS.restricted.questions.investedUnderTenPercent, 'No')).not.toBeChecked()
    await user.click(yesNo(TEXTS.restricted.questions.investedUnderTenPercent, 'Yes'))
    await user.click(yesNo(TEXTS.restricted.questions.willLimitToTenPercent, 'Yes'))
    await user.type(screen.getByRole('textbox', { name: new RegExp(TEXTS.signature) }), 'Ada Lovelace')
    await user.click(screen.getByRole('button', { name: 'Sign the statement' }))
    await waitFor(() => expect(onQualified).toHaveBeenCalledTimes(1))
    expect(api.callsTo('ukCategorise')[0]!.body).toEqual({
      brandName: 'Helvex',
      textVersion: TEXTS.version,
      statement: { category: 'restricted', investedUnderTenPercent: true, willLimitToTenPercent: true },
      signature: 'Ada Lovelace',
    })
  })

  it('says what is missing before anything is sent', async () => {
    const user = userEvent.setup()
    const { api } = renderPrst()
    await user.click(await screen.findByRole('button', { name: 'Sign the statement' }))
    expect(screen.getByText('Please choose the statement that applies to you')).toBeInTheDocument()
    expect(screen.getByText('Please type your full name to sign')).toBeInTheDocument()
    await user.click(within(categories()).getByRole('radio', { name: /Certified sophisticated investor/ }))
    await user.click(yesNo(TEXTS.certified_sophisticated.questions.certified, 'Yes'))
    await user.click(screen.getByRole('button', { name: 'Sign the statement' }))
    expect(screen.getByText('The name of the certifying firm is required')).toBeInTheDocument()
    expect(screen.getByText('The certificate date is required')).toBeInTheDocument()
    expect(api.callsTo('ukCategorise')).toHaveLength(0)
  })

  it('after a statement that does not qualify, says so with the pause and offers no other category', async () => {
    const user = userEvent.setup()
    const { onQualified } = renderPrst({
      ukCategorise: ok({
        data: { qualified: false, category: 'high_net_worth', validUntil: null, newStatementFrom: PAUSE_ENDS },
      }),
    })
    await user.click(
      within(await screen.findByRole('radiogroup', { name: /Choose one statement/ })).getByRole('radio', {
        name: /High net worth investor/,
      }),
    )
    await user.click(yesNo(TEXTS.high_net_worth.questions.incomeOver100k, 'No'))
    await user.click(yesNo(TEXTS.high_net_worth.questions.netAssetsOver250k, 'No'))
    await user.type(screen.getByRole('textbox', { name: new RegExp(TEXTS.signature) }), 'Ada Lovelace')
    await user.click(screen.getByRole('button', { name: 'Sign the statement' }))
    await user.click(await screen.findByRole('button', { name: 'Sign as it is' }))
    const refusal = await screen.findByRole('status')
    expect(refusal).toHaveTextContent('Your answers do not meet the rule of the high net worth investor statement.')
    expect(refusal).toHaveTextContent(
      `Available again at ${formatDateTime(PAUSE_ENDS)}. You can make a new statement then.`,
    )
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.queryByText(/Restricted investor|Certified sophisticated/)).not.toBeInTheDocument()
    expect(onQualified).not.toHaveBeenCalled()
  })

  it('shows the pause when the customer comes back during it', async () => {
    renderPrst({
      ukStepsStatus: ukStatus({ ...READ, categorisation: { state: 'waiting', newStatementFrom: PAUSE_ENDS } }),
    })
    expect(
      await screen.findByText(`Available again at ${formatDateTime(PAUSE_ENDS)}.`, { exact: false }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('asks first before a "No" that does not qualify: what the lock means and until when, and "Check my answers" sends nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T09:05:00.000Z') })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })
    const { api } = renderPrst({
      ukCategorise: ok({
        data: { qualified: false, category: 'restricted', validUntil: null, newStatementFrom: PAUSE_ENDS },
      }),
    })
    await user.click(
      within(await screen.findByRole('radiogroup', { name: /Choose one statement/ })).getByRole('radio', {
        name: /Restricted investor/,
      }),
    )
    await user.click(yesNo(TEXTS.restricted.questions.investedUnderTenPercent, 'Yes'))
    await user.click(yesNo(TEXTS.restricted.questions.willLimitToTenPercent, 'No'))
    await user.type(screen.getByRole('textbox', { name: new RegExp(TEXTS.signature) }), 'Ada Lovelace')
    await user.click(screen.getByRole('button', { name: 'Sign the statement' }))
    const question = await screen.findByRole('dialog', { name: "Your answers do not meet this statement's rule" })
    expect(question).toHaveTextContent('You qualify when both A and B apply to you.')
    expect(question).toHaveTextContent(
      `cannot make a new statement of any type for 24 hours: until ${formatDateTime(PAUSE_ENDS)}.`,
    )
    expect(api.callsTo('ukCategorise')).toHaveLength(0)

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo('ukCategorise')).toHaveLength(0)
    expect(screen.getByRole('form', { name: 'Investor categorisation' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Sign the statement' }))
    await user.click(await screen.findByRole('button', { name: 'Check my answers' }))
    expect(api.callsTo('ukCategorise')).toHaveLength(0)
    await user.click(yesNo(TEXTS.restricted.questions.willLimitToTenPercent, 'Yes'))
    await user.click(screen.getByRole('button', { name: 'Sign the statement' }))
    await waitFor(() => expect(api.callsTo('ukCategorise')).toHaveLength(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("shows the api's refusal of the signature beside the field", async () => {
    const user = userEvent.setup()
    renderPrst({
      ukCategorise: fail('validation_failed', 400, {
        fields: { signature: 'Sign with your full name, as in your details' },
      }),
    })
    await user.click(
      within(await screen.findByRole('radiogroup', { name: /Choose one statement/ })).getByRole('radio', {
        name: /Restricted investor/,
      }),
    )
    await user.click(yesNo(TEXTS.restricted.questions.investedUnderTenPercent, 'Yes'))
    await user.click(yesNo(TEXTS.restricted.questions.willLimitToTenPercent, 'Yes'))
    await user.type(screen.getByRole('textbox', { name: new RegExp(TEXTS.signature) }), 'A. Lovelace')
    await user.click(screen.getByRole('button', { name: 'Sign the statement' }))
    expect(await screen.findByText('Sign with your full name, as in your details')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Please check your details and try again')
  })

  it('asks for the risk warning first', async () => {
    renderPrst({ ukStepsStatus: ukStatus() })
    expect(await screen.findByRole('link', { name: 'Go to the risk warning' })).toHaveAttribute(
      'href',
      '/dashboard-prk',
    )
  })

  it('sends a customer without details to the details', async () => {
    const { onDetailsNeeded } = renderPrst({ ukStepsStatus: ukStatus({ ...READ, fullName: null }) })
    await waitFor(() => expect(onDetailsNeeded).toHaveBeenCalledTimes(1))
  })
})
