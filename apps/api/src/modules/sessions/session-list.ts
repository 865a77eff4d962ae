import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { countryName } from '@exchange/shared/countries'
import type { AccountSession } from '@exchange/shared/account-security.schemas'
import { sessions } from '../../db/tables/modules/sessions'
import type { SessionServiceDeps } from './session-deps'

/** The most sessions listed: a customer with more sees the most recently used. */
const LISTED_SESSIONS = 50

/** The browser and the system a user agent names, in plain words ("Firefox on Windows"); "Unknown device" else. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const browser =
    [
      [/Edg(e|A|iOS)?\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/SamsungBrowser\//, 'Samsung Internet'],
      [/Firefox\/|FxiOS\//, 'Firefox'],
      [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? 'A browser'
  const system =
    [
      [/iPhone/, 'iPhone'],
      [/iPad/, 'iPad'],
      [/Android/, 'Android'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? undefined
  return system ? `${browser as string} on ${system as string}` : (browser as string)
}

/** An address shortened so the list tells networks apart without showing the whole address: 203.0.113.x, 2001:db8:…. */
function shortAddress(ip: string | null): string {
  if (!ip) return 'Unknown address'
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip)
  if (v4) return `${v4[1]}.x`
  return `${ip.split(':').slice(0, 2).join(':')}:…`
}

/**
 * The customer's live sessions, most recently used first: the device in plain words, the place (the country the
 * geo-IP lookup names, and the address shortened), when it started and was last seen, and which one is this call's.
 */
export async function listSessions(
  { db, clock }: Pick<SessionServiceDeps, 'db' | 'clock'>,
  customerId: string,
  currentSessionId: string,
  countryOf: (ip: string) => Promise<string | undefined>,
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(LISTED_SESSIONS)
  return Promise.all(
    rows.map(async (row) => {
      const country = row.ip ? await countryOf(row.ip) : undefined
      const address = shortAddress(row.ip)
      return {
        id: row.id,
        device: deviceOf(row.userAgent),
        place: country ? `${countryName(country) ?? country} · ${address}` : address,
        startedAt: row.createdAt.toISOString(),
        lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
        current: row.id === currentSessionId,
      }
    }),
  )
}
