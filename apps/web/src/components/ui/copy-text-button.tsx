import { Button, CopyButton } from '@mantine/core'
import { useCatalog } from '../../lib/i18n/catalog'
import { uiCatalog } from '../messages'

/** A small "Copy" button for one value; `what` names it for screen readers ("Copy wallet address" / "… copied"). */
export function CopyTextButton({ value, what, className }: { value: string; what: string; className?: string }) {
  const t = useCatalog(uiCatalog)
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          className={className}
          variant="subtle"
          size="compact-xs"
          onClick={copy}
          aria-label={
            copied
              ? t('ui.copy.copiedLabel', { what: `${what[0]!.toUpperCase()}${what.slice(1)}` })
              : t('ui.copy.label', { what })
          }
        >
          {copied ? t('ui.copy.copied') : t('ui.copy.copy')}
        </Button>
      )}
    </CopyButton>
  )
}
