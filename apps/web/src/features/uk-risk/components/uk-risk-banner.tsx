import { UK_BANNER_DELAY_MS } from '@exchange/shared/constants'
import { UK_RISK_BANNER } from '@exchange/shared/uk-regulation'
import { useDisclosure, useElementSize } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { useBrand } from '../../../lib/brand-context'
import { useUkStatus } from '../api/get-uk-status'
import { RiskSummaryModal } from './risk-summary-modal'
import classes from './uk-risk-banner.module.css'

interface UkRiskBannerProps {
  /** Distance from the top of the viewport, to sit under a fixed header. */
  top?: number
  /** How long after the view loads the banner appears: 1.5 s on the home views (spec), at once on buying pages. */
  delayMs?: number
  /**
   * For a layout that makes room itself (the dashboard's fixed header and navbar): it is told the banner's
   * height, 0 while hidden, and the banner then adds no spacer of its own.
   */
  onHeightChange?: (height: number) => void
}

/**
 * The UK risk warning (COBS 4.12A.11R), shown to UK visitors 1.5 s after a home view loads and on every
 * buying page. Fixed at the top, never dismissible; a spacer of its own height (or the layout, told the
 * height) keeps the page below it visible.
 */
export function UkRiskBanner({ top = 0, delayMs = UK_BANNER_DELAY_MS, onHeightChange }: UkRiskBannerProps) {
  const brand = useBrand()
  const ukStatus = useUkStatus(brand.brandName)
  const [delayOver, setDelayOver] = useState(false)
  const [summaryOpened, summary] = useDisclosure(false)
  const { ref, height } = useElementSize()

  useEffect(() => {
    const timer = setTimeout(() => setDelayOver(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])

  const shown = delayOver && ukStatus.data === true

  useEffect(() => {
    onHeightChange?.(shown ? height : 0)
  }, [onHeightChange, shown, height])

  if (!shown) return null

  return (
    <>
      {onHeightChange ? null : <div aria-hidden="true" style={{ height }} />}
      <div
        ref={ref}
        role="region"
        aria-label="Risk warning"
        className={classes.banner}
        style={{ ['--uk-banner-top' as string]: `${top}px` }}
        data-version={UK_RISK_BANNER.version}
      >
        <p className={classes.inner} style={{ margin: 0 }}>
          {UK_RISK_BANNER.text}{' '}
          <button type="button" className={classes.link} onClick={summary.open}>
            {UK_RISK_BANNER.linkText}
          </button>
        </p>
      </div>
      <RiskSummaryModal opened={summaryOpened} onClose={summary.close} />
    </>
  )
}
