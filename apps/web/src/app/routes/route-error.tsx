import type { CSSProperties } from 'react'
import { Button } from '../../components/account/ui'
import { commonCatalog } from '../../lib/common-copy'
import { catalogLanguage } from '../../lib/i18n/catalog'

type CommonId = Parameters<typeof commonCatalog.t>[0]

/**
 * A screen of its own for a failure, with one way on: a heading, a line and a button. Its words are the first load's
 * catalog's, or the English given when the same failure kept that catalog away (decision 129).
 */
function ProblemScreen({
  words,
  onAction,
  busy = false,
  style,
}: {
  words: [title: [CommonId, string], body: [CommonId, string], action: [CommonId, string]]
  onAction: () => void
  busy?: boolean
  style?: CSSProperties
}) {
  const say = ([id, english]: [CommonId, string]) =>
    commonCatalog.isLoaded(catalogLanguage()) ? commonCatalog.t(id) : english
  const [title, body, action] = words
  return (
    <div className="ac-centre" style={{ minHeight: '100vh', alignItems: 'center', ...style }}>
      <div className="ac-stack ac-centred" style={{ maxWidth: 420 }} role="alert">
        <h1 style={{ margin: 0, fontSize: 24 }}>{say(title)}</h1>
        <p className="ac-dimmed">{say(body)}</p>
        <Button onClick={onAction} loading={busy}>
          {say(action)}
        </Button>
      </div>
    </div>
  )
}

/** A screen failed to render or its module failed to load (often a new deployment): offer a reload. */
export function RouteError() {
  return (
    <ProblemScreen
      words={[
        ['common.routeError.title', 'Something went wrong'],
        ['common.routeError.body', 'Please reload the page. If it happens again, contact our support team.'],
        ['common.routeError.reload', 'Reload'],
      ]}
      onAction={() => window.location.reload()}
    />
  )
}

/** The brand could not be loaded, so the app has no colours yet: a neutral screen with a retry. */
export function BrandUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <ProblemScreen
      words={[
        ['common.brandUnavailable.title', 'We could not reach the exchange'],
        ['common.brandUnavailable.body', 'Please check your connection and try again.'],
        ['common.tryAgain', 'Try again'],
      ]}
      onAction={onRetry}
      busy={retrying}
      style={{ ['--brand' as string]: '#212529' }}
    />
  )
}
