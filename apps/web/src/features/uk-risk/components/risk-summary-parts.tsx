import { UK_RISK_SUMMARY } from '@exchange/shared/uk-regulation'
import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import { useCatalog } from '../../../lib/i18n/catalog'
import { useLanguage } from '../../../lib/i18n/language'
import { speaksOtherThanEnglish } from '../english-only'
import { ukRiskCatalog } from '../messages'

type Point = (typeof UK_RISK_SUMMARY.sections)[number]['points'][number]

/** The point's text, with its closing "here" as the link when the point has one. */
export function PointText({ point }: { point: Point }) {
  const t = useCatalog(ukRiskCatalog)
  if (!('link' in point) || !point.link) return <>{point.text}</>
  const { link } = point
  const cut = point.text.lastIndexOf(' here.')
  const before = cut >= 0 ? point.text.slice(0, cut + 1) : `${point.text} `
  return (
    <>
      {before}
      <a href={link.href} target="_blank" rel="noopener noreferrer" style={{ fontWeight: 600, color: 'inherit' }}>
        here
        <span className="ac-sr-only"> {t('uk-risk.summary.opensInNewTab', { label: link.label })}</span>
      </a>
      {cut >= 0 ? '.' : null}
    </>
  )
}

/** The summary itself, word for word in English, under the note that says why in another language (decision 129). */
function SummaryText() {
  const t = useCatalog(ukRiskCatalog)
  // Drawn again when the language switches: the note follows it.
  useLanguage()
  return (
    <>
      {speaksOtherThanEnglish() ? (
        <p style={{ margin: '0 0 12px', fontSize: 14, fontStyle: 'italic' }}>{t('uk-risk.englishNote')}</p>
      ) : null}
      <div className="ac-stack" lang="en">
        <p style={{ margin: 0, fontSize: 14, fontWeight: 600 }}>{UK_RISK_SUMMARY.readingTime}</p>
        <p style={{ margin: 0 }}>{UK_RISK_SUMMARY.intro}</p>
        <h3>{UK_RISK_SUMMARY.title}</h3>
        <ol>
          {UK_RISK_SUMMARY.sections.map((section) => (
            <li key={section.heading}>
              <h4>{section.heading}</h4>
              <ul>
                {section.points.map((point) => (
                  <li key={point.text}>
                    <PointText point={point} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    </>
  )
}

const FOCUSABLE = 'a[href], button:not([disabled])'

/**
 * The FCA risk summary (COBS 4 Annex 1R) for the risk warning banner, in the middle of the screen as the main focus:
 * the focus moves into it and stays there, Escape or the close button closes it and the focus goes back to the link.
 * Plain markup, as the banner shows on the home views, which load no component library (decision 051).
 */
export function RiskSummaryDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useCatalog(ukRiskCatalog)
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!opened) return
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    dialog.current?.querySelector<HTMLElement>('button')?.focus()
    return () => {
      document.body.style.overflow = overflow
      before?.focus()
    }
  }, [opened])

  if (!opened) return null

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !dialog.current) return
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

  return (
    <div className="ac-overlay" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="ac-dialog"
        data-version={UK_RISK_SUMMARY.version}
        onKeyDown={handleKeyDown}
      >
        <div className="ac-dialog-head">
          <h2 id={titleId}>{t('uk-risk.summary.title')}</h2>
          <button type="button" className="ac-close" aria-label={t('uk-risk.summary.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <SummaryText />
      </div>
    </div>
  )
}
