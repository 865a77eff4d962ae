import { Button, CopyButton } from '@mantine/core'

/** A small "Copy" button for one value; `what` names it for screen readers ("Copy wallet address" / "… copied"). */
export function CopyTextButton({ value, what, className }: { value: string; what: string; className?: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          className={className}
          variant="subtle"
          size="compact-xs"
          onClick={copy}
          aria-label={copied ? `${what[0]!.toUpperCase()}${what.slice(1)} copied` : `Copy ${what}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  )
}
