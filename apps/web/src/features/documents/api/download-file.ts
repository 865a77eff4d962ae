import { FailureAnswer } from '@exchange/shared/answer'
import { ApiRequestError } from '../../../lib/api-client'
import { config } from '../../../lib/config'
import { readJwtCookie } from '../../../lib/cookies'

/**
 * `GET /v1/user/downloadFile?id=` (or `downloadAgreement`): one of the customer's own documents (or signed agreements). The api wants the Bearer token, which a plain
 * link cannot send, so the file is fetched and handed to the browser to save under its stored name.
 * Answers `true` once saved, a failure's code, or `false` without a session.
 */
export async function downloadFile(
  id: string,
  fileName: string,
  call: 'downloadFile' | 'downloadAgreement' = 'downloadFile',
): Promise<true | FailureAnswer | false> {
  const token = readJwtCookie()
  if (!token) return false
  let response: Response
  let blob: Blob
  try {
    response = await fetch(`${config.apiBaseUrl}/v1/user/${call}?id=${encodeURIComponent(id)}`, {
      credentials: 'same-origin',
      headers: { Authorization: `Bearer ${token}` },
    })
    blob = await response.blob()
  } catch (cause) {
    console.error('fail db call!')
    throw new ApiRequestError(call, null, { cause })
  }
  if (!response.ok) {
    console.error('fail db call!')
    let payload: unknown = null
    try {
      payload = JSON.parse(await blob.text())
    } catch {
      // not an answer of the contract: reported below
    }
    const failure = FailureAnswer.safeParse(payload)
    if (failure.success) return failure.data
    throw new ApiRequestError(call, response.status)
  }
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // The browser has taken the file; give it a moment before the address is gone.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return true
}
