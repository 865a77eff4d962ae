import { UK_RISK_SUMMARY } from '@exchange/shared/uk-regulation'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { UkStatusContext, createUkStatusStore } from '../api/get-uk-status'
import { knownBannerHeight, UkRiskBanner } from './uk-risk-banner'

const BANNER_TEXT =
  "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you should not expect to be protected if something goes wrong. Take 2 mins to learn more"

async function showBanner() {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const api = mockApi({ getUkStatus: ok({ data: { isUk: true } }) })
  renderScreen(<UkRiskBanner />)
  await vi.waitFor(() => expect(api.callsTo('getUkStatus')).toHaveLength(1))
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1500)
  })
  return screen.getByRole('region', { name: 'Risk warning' })
}

/**
 * The fixed warning as the dashboard's layouts place it, for a UK visitor whose status is known before the first screen
 * (app.tsx); the browser measures it as `measured` until the test says otherwise.
 */
async function fixedBannerMeasuredAs(measured: DOMRect) {
  mockApi({ getUkStatus: ok({ data: { isUk: true } }) })
  const store = createUkStatusStore()
  await store.load('Helvex')
  const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(measured)
  const render = (onHeightChange: (height: number) => void = () => {}) =>
    renderScreen(
      <UkStatusContext.Provider value={store}>
        <UkRiskBanner top={60} delayMs={0} onHeightChange={onHeightChange} />
      </UkStatusContext.Provider>,
    )
  return { measure, render }
}

describe('UkRiskBanner', () => {
  it('appears only 1.5 seconds after the view loads', async () => {
    // Time moves only when the test moves it: a slow machine cannot add to the 1.4 s below.
    vi.useFakeTimers()
    const api = mockApi({ getUkStatus: ok({ data: { isUk: true } }) })
    renderScreen(<UkRiskBanner />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(api.callsTo('getUkStatus')).toHaveLength(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1400)
    })
    expect(screen.queryByRole('region', { name: 'Risk warning' })).not.toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100)
    })
    expect(screen.getByRole('region', { name: 'Risk warning' })).toBeInTheDocument()
  })

  it('shows the exact FCA risk warning', async () => {
    const banner = await showBanner()
    expect(banner).toHaveTextContent(BANNER_TEXT, { normalizeWhitespace: true })
  })

  it('cannot be closed', async () => {
    const banner = await showBanner()
    expect(within(banner).getAllByRole('button')).toHaveLength(1)
    expect(within(banner).queryByRole('button', { name: /close|dismiss/i })).not.toBeInTheDocument()
  })

  it('opens the risk summary from "Take 2 mins to learn more"', async () => {
    const banner = await showBanner()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(within(banner).getByRole('button', { name: 'Take 2 mins to learn more' }))
    const summary = await screen.findByRole('dialog', { name: 'Risk summary' })
    expect(within(summary).getByText(UK_RISK_SUMMARY.readingTime)).toBeInTheDocument()
    expect(within(summary).getByRole('heading', { name: 'What are the key risks?' })).toBeInTheDocument()
    expect(within(summary).getAllByRole('heading', { level: 4 })).toHaveLength(5)
  })

  it('links the FSCS checker and the FOS in a new tab', async () => {
    const banner = await showBanner()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(within(banner).getByRole('button', { name: 'Take 2 mins to learn more' }))
    const summary = await screen.findByRole('dialog', { name: 'Risk summary' })
    const fscs = within(summary).getByRole('link', { name: /FSCS investment protection checker/ })
    expect(fscs).toHaveAttribute('href', 'https://www.fscs.org.uk/check/investment-protection-checker/')
    expect(fscs).toHaveAttribute('target', '_blank')
    expect(fscs.getAttribute('rel')).toContain('noopener')
    expect(within(summary).getByRole('link', { name: /FOS protection/ })).toHaveAttribute(
      'href',
      'https://www.financial-ombudsman.org.uk/consumers',
    )
  })

  it('holds the focus in the risk summary; Escape closes it and the focus goes back to the link', async () => {
    const banner = await showBanner()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const link = within(banner).getByRole('button', { name: 'Take 2 mins to learn more' })
    await user.click(link)
    const summary = await screen.findByRole('dialog', { name: 'Risk summary' })
    const close = within(summary).getByRole('button', { name: 'Close risk summary' })
    expect(close).toHaveFocus()
    // Backwards from the first control lands on the last link of the summary, not on the page behind it.
    await user.tab({ shift: true })
    expect(within(summary).getByRole('link', { name: /FOS protection/ })).toHaveFocus()
    await user.tab()
    expect(close).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Risk summary' })).not.toBeInTheDocument()
    expect(link).toHaveFocus()
  })

  it('keeps its place, unseen, from the first paint until the 1.5 seconds have passed', async () => {
    vi.useFakeTimers()
    mockApi({ getUkStatus: ok({ data: { isUk: true } }) })
    const { container } = renderScreen(<UkRiskBanner />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    const reserved = container.querySelector('[data-placement="reserved"]')
    expect(reserved).toHaveAttribute('aria-hidden', 'true')
    expect(reserved).toHaveStyle({ visibility: 'hidden' })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500)
    })
    expect(screen.getByRole('region', { name: 'Risk warning' })).toBe(reserved)
    expect(reserved).not.toHaveStyle({ visibility: 'hidden' })
  })

  it('on a buying page shows with its first render and tells the layout its height before any timer runs', async () => {
    vi.useFakeTimers()
    const banner = await fixedBannerMeasuredAs(new DOMRect(0, 60, 375, 96))
    const heights: number[] = []
    banner.render((height) => heights.push(height))
    expect(screen.getByRole('region', { name: 'Risk warning' })).toHaveAttribute('data-placement', 'fixed')
    expect(heights.at(-1)).toBe(96)
    expect(vi.getTimerCount()).toBe(0)
  })

  it("a layout taking the frame's place starts from the warning's measure, not reading its size again in the commit", async () => {
    const banner = await fixedBannerMeasuredAs(new DOMRect(0, 60, 375, 96))
    // The frame drawn while the layout loads: nothing measured yet, so it reads the size in its commit.
    const frame = banner.render()
    expect(banner.measure).toHaveBeenCalledTimes(1)
    expect(knownBannerHeight()).toBe(96)
    frame.unmount()
    // The layout: its first render has the room (knownBannerHeight), and its commit reads no size.
    const told: number[] = []
    banner.render((height) => told.push(height))
    expect(screen.getByRole('region', { name: 'Risk warning' })).toHaveAttribute('data-shown', 'true')
    expect(banner.measure).toHaveBeenCalledTimes(1)
    expect(told).toEqual([])
  })

  it("forgets the warning's measure when the window is resized, and measures it again", async () => {
    const banner = await fixedBannerMeasuredAs(new DOMRect(0, 60, 375, 96))
    banner.render().unmount()
    expect(knownBannerHeight()).toBe(96)
    window.dispatchEvent(new Event('resize'))
    expect(knownBannerHeight()).toBe(0)
    // Wider now: the text wraps onto fewer lines, and the next layout measures it in its commit.
    banner.measure.mockReturnValue(new DOMRect(0, 60, 1280, 68))
    const told: number[] = []
    banner.render((height) => told.push(height))
    expect(told).toEqual([68])
    expect(knownBannerHeight()).toBe(68)
  })

  it('stays hidden for a visitor outside the UK', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = mockApi({ getUkStatus: ok({ data: { isUk: false } }) })
    renderScreen(<UkRiskBanner />)
    await vi.waitFor(() => expect(api.callsTo('getUkStatus')).toHaveLength(1))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000)
    })
    expect(screen.queryByRole('region', { name: 'Risk warning' })).not.toBeInTheDocument()
  })
})
