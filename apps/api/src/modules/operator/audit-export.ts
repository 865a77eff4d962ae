import type { TrailEntry } from '@exchange/shared/back-office.schemas'
import { AppError } from '../../errors'
import { trailBetween } from './back-office-views'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

/** The longest range one export covers: a year, a leap year's included. */
const MOST_DAYS = 366
const DAY_MS = 86_400_000

const COLUMNS = ['id', 'at', 'operator', 'action', 'reason', 'customer', 'order', 'detail'] as const

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. A cell a
 * spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return) is prefixed with `'`
 * (OWASP's CSV injection advice), so an operator's or customer's text never runs in the auditor's spreadsheet.
 */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value)
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert
}

const rowOf = (entry: TrailEntry) =>
  [
    entry.id,
    entry.at,
    entry.operator,
    entry.action,
    entry.reason,
    entry.customerId,
    entry.orderReference,
    JSON.stringify(entry.detail),
  ]
    .map(csvCell)
    .join(',')

/**
 * The auditor's export (decision 133): every trail entry of the days `from` to `to` (both included, UTC), oldest first,
 * as CSV with a header. More than 366 days is refused `validation_failed`. The export itself is written to the trail
 * with its range, before it is read.
 */
export async function auditExport(
  deps: Pick<OperatorServiceDeps, 'db' | 'clock'>,
  operator: { id: string; name: string },
  range: { from: string; to: string },
): Promise<string> {
  const start = new Date(`${range.from}T00:00:00.000Z`)
  const end = new Date(new Date(`${range.to}T00:00:00.000Z`).getTime() + DAY_MS)
  if (end <= start || (end.getTime() - start.getTime()) / DAY_MS > MOST_DAYS)
    throw new AppError('validation_failed', 400)
  await logAction(deps, operator, 'exported_audit', {}, { from: range.from, to: range.to })
  const entries = await trailBetween(deps, start, end)
  return [COLUMNS.join(','), ...entries.map(rowOf)].join('\r\n') + '\r\n'
}
