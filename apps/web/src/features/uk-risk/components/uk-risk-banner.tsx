import { UK_BANNER_DELAY_MS } from '@exchange/shared/constants'
import { UK_RISK_BANNER } from '@exchange/shared/uk-risk-banner'
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react'
import { useBrand } from '../../../lib/brand-context'
import { commonCatalog } from '../../../lib/common-copy'
import { speaksOtherThanEnglish } from '../english-only'
import { useUkStatus } from '../api/get-uk-status'
import classes from './uk-risk-banner.module.css'

/** The summary's long text is loaded when the customer asks for it, not with the first page (decision 051). */
const RiskSummaryDialog = lazy(() =>
  import('./risk-summary-parts').then((module) => ({ default: module.RiskSummaryDialog })),
)

interface UkRiskBannerProps {
  /** Distance from the top of the viewport, to sit under a fixed header. */
  top?: number
  /** How long after the view loads the banner appears: 1.5 s on the home views (spec), at once on buying pages. */
  delayMs?: number
  /**
   * For a layout that makes room itself (the dashboard's fixed header and navbar): it is told the banner's
   * height, 0 while hidden, and the banner is then fixed over the page.
   */
  onHeightChange?: (height: number) => void
}

/**
 * The fixed warning's last measured height, kept until the window is resized (0: none known). The signed-in layout and
 * the frame drawn while it loads (decision 060) start from it: the one that takes the other's place has its header's
 * room right in its first render, and its warning is not measured again inside React's commit, where reading a size
 * makes the browser lay out the whole new page before it can paint (decision 069).
 */
let knownHeight = 0

/** The fixed warning's height as last measured in this window, or 0 when none is known. */
export function knownBannerHeight(): number {
  return knownHeight
}

/** Forgets the measure: after a resize the text may wrap differently. A test starts without one. */
export function forgetBannerHeight(): void {
  knownHeight = 0
  window.removeEventListener('resize', forgetBannerHeight)
}

function rememberBannerHeight(height: number): void {
  // Added once: the same listener is not added twice, and it removes itself when it runs.
  window.addEventListener('resize', forgetBannerHeight, { once: true })
  knownHeight = height
}

/**
 * The element's height, followed as the text wraps differently (a phone turned, a window resized). Told before the
 * browser paints, so a layout that makes room does so in the same frame the banner first shows in: nothing is seen
 * to move. It is read inside React's commit only when no measure is known; otherwise the observer's first report,
 * made after the browser's own layout of the frame, confirms it (or corrects it, a frame late).
 */
function useHeightOf(onHeightChange: ((height: number) => void) | undefined, shown: boolean) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (!onHeightChange) return
    const element = ref.current
    if (!shown || !element) {
      onHeightChange(0)
      return
    }
    const report = () => {
      const height = element.getBoundingClientRect().height
      rememberBannerHeight(height)
      onHeightChange(height)
    }
    if (knownHeight === 0) report()
    const observer = new ResizeObserver(report)
    observer.observe(element)
    return () => observer.disconnect()
  }, [onHeightChange, shown])
  return ref
}

/**
 * The UK risk warning (COBS 4.12A.11R), shown to UK visitors 1.5 s after a home view loads and on every
 * buying page, never dismissible. On the home views it takes its place at the top of the page from the first paint,
 * unseen until the 1.5 s have passed, and then stays stuck under the header while the page scrolls: nothing moves
 * when it appears (decision 051). In the dashboard it is fixed and the layout, told its height, makes room.
 */
export function UkRiskBanner({ top = 0, delayMs = UK_BANNER_DELAY_MS, onHeightChange }: UkRiskBannerProps) {
  const brand = useBrand()
  const ukStatus = useUkStatus(brand.brandName)
  // Without a delay (the buying pages) it shows with the page's first paint, since the status is known before it.
  const [delayOver, setDelayOver] = useState(delayMs <= 0)
  const [summaryOpened, setSummaryOpened] = useState(false)

  useEffect(() => {
    if (delayOver) return
    const timer = setTimeout(() => setDelayOver(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs, delayOver])

  const isUk = ukStatus.data === true
  const shown = delayOver && isUk
  const ref = useHeightOf(onHeightChange, shown)

  // Fixed in the dashboard: nothing until shown. Reserved on the home views: in place, unseen until shown.
  if (onHeightChange ? !shown : !isUk) return null
  const waiting: CSSProperties = shown ? {} : { visibility: 'hidden' }

  return (
    <>
      <div
        ref={ref}
        role="region"
        aria-label={commonCatalog.t('common.ukBanner.label')}
        aria-hidden={shown ? undefined : true}
        inert={!shown}
        className={classes.banner}
        data-placement={onHeightChange ? 'fixed' : 'reserved'}
        data-shown={shown}
        style={{ ['--uk-banner-top' as string]: `${top}px`, ...waiting }}
        data-version={UK_RISK_BANNER.version}
      >
        {speaksOtherThanEnglish() ? (
          <p className={classes.inner} style={{ margin: 0, paddingBottom: 0, fontSize: 14, fontStyle: 'italic' }}>
            {commonCatalog.t('common.ukBanner.englishNote')}
          </p>
        ) : null}
        <p className={classes.inner} style={{ margin: 0 }} lang="en">
          {UK_RISK_BANNER.text}{' '}
          <button type="button" className={classes.link} onClick={() => setSummaryOpened(true)}>
            {UK_RISK_BANNER.linkText}
          </button>
        </p>
      </div>
      {summaryOpened ? (
        <Suspense fallback={null}>
          <RiskSummaryDialog opened onClose={() => setSummaryOpened(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
