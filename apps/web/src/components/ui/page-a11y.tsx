import { useEffect, useRef, useState } from 'react'
import { useCatalog } from '../../lib/i18n/catalog'
import { commonCatalog } from '../../lib/common-copy'

/** The id of each layout's `<main>`, the skip link's target. */
export const MAIN_ID = 'main'

/**
 * The first thing Tab reaches on every page (decision 125): hidden until focused, it moves the focus to the page's
 * main content, past the header and the menu. The address does not change (no `#main` for the router to read).
 */
export function SkipLink() {
  const t = useCatalog(commonCatalog)
  return (
    <a
      href={`#${MAIN_ID}`}
      className="skip-link"
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID)
        if (!main) return
        event.preventDefault()
        main.focus()
      }}
    >
      {t('common.skipLink')}
    </a>
  )
}

/** The text that names the page: an account card's heading (the home views' h1 is the brand's welcome), else the h1. */
function pageHeading(): string | undefined {
  return (document.querySelector('[data-page-title]') ?? document.querySelector('h1'))?.textContent?.trim() || undefined
}

/**
 * Each page's document title, "<its heading> – <brand>", and a polite announcement of the page reached after each
 * change of address (decision 125): screen readers hear where a link led, as on a page loaded from the server. The
 * heading is read as it appears (a screen loaded on demand, an answer awaited), and again when it changes.
 */
export function PageAnnouncer({ pathname, brandName }: { pathname: string; brandName: string }) {
  const [announcement, setAnnouncement] = useState('')
  const firstPage = useRef(true)
  useEffect(() => {
    let announce = !firstPage.current
    firstPage.current = false
    const update = () => {
      const heading = pageHeading()
      if (!heading) return
      const title = `${heading} – ${brandName}`
      if (document.title !== title) document.title = title
      if (announce) setAnnouncement(heading)
      announce = false
    }
    update()
    const observer = new MutationObserver(update)
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [pathname, brandName])
  return (
    <div className="ac-sr-only" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  )
}

/**
 * After a refused submit, the first field marked invalid is focused and scrolled to the middle of the screen, below
 * the sticky header and the UK warning, on every form of the app (decision 125). A form that moved the focus itself
 * keeps its choice and has it scrolled into view.
 */
export function focusFirstInvalidOnSubmit(): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement)) return
    const focusedBefore = document.activeElement
    setTimeout(() => {
      const moved = document.activeElement !== focusedBefore && form.contains(document.activeElement)
      const field = moved ? document.activeElement : form.querySelector('[aria-invalid="true"]')
      if (!(field instanceof HTMLElement)) return
      field.focus({ preventScroll: true })
      field.scrollIntoView?.({ block: 'center' })
    })
  }
  // In the capture phase: before React's own listeners at the root run the form's handler, which may move the focus.
  document.addEventListener('submit', onSubmit, true)
  return () => document.removeEventListener('submit', onSubmit, true)
}
