import { readJwtCookie } from './cookies'

/** What a report is made of: where it comes from, the error, and for a failed call its name. */
type Report = [source?: string, error?: unknown, call?: string]

/**
 * Hands an error to the reporter, loaded on demand so that the first load carries only this (decision 120); without a
 * report, only loads it (it then listens for the page's uncaught errors). Never throws, never waits; the reporter
 * catches what it does itself.
 */
export const reportError = (...report: Report) =>
  void import('./reporter').then(
    (reporter) => reporter.send(readJwtCookie, ...report),
    () => {},
  )
