import type { Page } from 'playwright-core'
import { visible } from './browser'

/** An 8 × 8 PNG, as a phone's photo of a passport would be sent (only its first bytes matter to the api). */
const PASSPORT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNIs32OFTEMLQkAXMJigbJjafUAAAAASUVORK5CYII=',
  'base64',
)

/**
 * On /dashboard-uploaddocs: picks what the file is, sends `passport.png` with the file picker as a person does, and
 * waits until the screen says it was sent. Answers the list of files sent.
 */
export async function sendPassportPhoto(page: Page, purpose = 'Identity document') {
  await page.getByRole('radio', { name: purpose }).check()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose files' }).click()
  await (await chooser).setFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG })
  const sending = page
    .getByRole('list', { name: 'Files you are sending' })
    .getByRole('listitem', { name: 'passport.png' })
  await visible(sending.getByText('Sent', { exact: true }))
  const sent = page.getByRole('list', { name: 'Files you have sent' })
  await visible(sent.getByText('passport.png'))
  await visible(sent.getByText(new RegExp(`^${purpose} · `)))
  return sent
}
