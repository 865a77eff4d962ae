import { UploadFileAnswer, type DocumentPurpose } from '@exchange/shared/documents.schemas'
import { ApiRequestError } from '../../../lib/api-client'
import { config } from '../../../lib/config'
import { endStaleSession, readJwtCookie } from '../../../lib/cookies'

const UPLOAD_URL = '/v1/user/uploadFile'

export interface UploadFileRequest {
  file: File
  purpose: DocumentPurpose
  brandName: string
  /** Called with the share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void
}

function formOf({ file, purpose, brandName }: UploadFileRequest): FormData {
  // The fields go before the file, so the api reads them before the bytes.
  const form = new FormData()
  form.append('purpose', purpose)
  form.append('brandName', brandName)
  form.append('file', file, file.name)
  return form
}

function parseAnswer(text: string, status: number): UploadFileAnswer {
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch (cause) {
    // A proxy in front may refuse a large body with its own page: that is still the file's size.
    if (status === 413) return { result: false, error: 'file_too_large' }
    throw new ApiRequestError('uploadFile', status, { cause })
  }
  const parsed = UploadFileAnswer.safeParse(payload)
  if (parsed.success) return parsed.data
  throw new ApiRequestError('uploadFile', status, { cause: parsed.error })
}

/** XMLHttpRequest reports the bytes sent as they go; fetch cannot yet, so without it progress jumps at the end. */
function sendWithXhr(url: string, token: string, request: UploadFileRequest): Promise<UploadFileAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total)
    })
    xhr.addEventListener('load', () => {
      try {
        resolve(parseAnswer(xhr.responseText, xhr.status))
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    const failed = () => reject(new ApiRequestError('uploadFile', null))
    xhr.addEventListener('error', failed)
    xhr.addEventListener('abort', failed)
    xhr.addEventListener('timeout', failed)
    xhr.send(formOf(request))
  })
}

async function sendWithFetch(url: string, token: string, request: UploadFileRequest): Promise<UploadFileAnswer> {
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      body: formOf(request),
    })
    text = await response.text()
  } catch (cause) {
    throw new ApiRequestError('uploadFile', null, { cause })
  }
  request.onProgress?.(1)
  return parseAnswer(text, response.status)
}

/**
 * `POST /v1/user/uploadFile` (spec section 7): multipart form data with the session token as a Bearer header. Without
 * a token nothing is sent and the answer is `false` (spec section 6). The body is read whatever the status: refusals
 * (415 wrong type, 413 too large, the file limit) answer `{ result: false, error }`.
 */
export async function uploadFile(request: UploadFileRequest): Promise<UploadFileAnswer | false> {
  const token = readJwtCookie()
  if (!token) return false
  const url = `${config.apiBaseUrl}${UPLOAD_URL}`
  const answer =
    typeof XMLHttpRequest === 'function'
      ? await sendWithXhr(url, token, request)
      : await sendWithFetch(url, token, request)
  if (!answer.result) console.error('fail db call!')
  // The session ended meanwhile: the customer is sent to log in again (decision 125).
  if (!answer.result && answer.error === 'unauthorized') endStaleSession(token)
  return answer
}
