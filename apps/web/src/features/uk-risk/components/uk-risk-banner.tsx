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
}

/**
 * The UK risk warning (COBS 4.12A.11R), shown 1.5 s after a home view loads to UK visitors. Fixed at
 * the top, never dismissible; a spacer of its own height keeps the page below it visible.
 */
export function UkRiskBanner({ top = 0 }: UkRiskBannerProps) {
  const brand = useBrand()
  const ukStatus = useUkStatus(brand.brandName)
  const [delayOver, setDelayOver] = useState(false)
  const [summaryOpened, summary] = useDisclosure(false)
  const { ref, height } = useElementSize()

  useEffect(() => {
    const timer = setTimeout(() => setDelayOver(true), UK_BANNER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  if (!delayOver || ukStatus.data !== true) return null

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
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
