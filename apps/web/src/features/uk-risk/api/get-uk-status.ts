import { createContext, useContext, useEffect, useState } from 'react'
import { ukStatusCheck } from '../../../lib/answer-checks'
import { postPublic } from '../../../lib/api-client'

/**
 * `getUkStatus`: whether this visitor must see the UK risk warning (the server applies the brand's
 * check mode). When the answer cannot be had, the warning is shown: showing it to a non-UK visitor
 * costs nothing, hiding it from a UK visitor breaks COBS 4.12A.
 */
async function getUkStatus(brandName: string): Promise<boolean> {
  try {
    const answer = await postPublic('getUkStatus', { brandName }, ukStatusCheck)
    return answer.result ? answer.data.isUk : true
  } catch {
    return true
  }
}

/** The visitor's UK status, asked once per brand for the life of the page. */
export interface UkStatusStore {
  load(brandName: string): Promise<boolean>
  known(brandName: string): boolean | undefined
}

export function createUkStatusStore(): UkStatusStore {
  const asked = new Map<string, Promise<boolean>>()
  const answers = new Map<string, boolean>()
  return {
    load(brandName) {
      let answer = asked.get(brandName)
      if (!answer) {
        answer = getUkStatus(brandName).then((isUk) => {
          answers.set(brandName, isUk)
          return isUk
        })
        asked.set(brandName, answer)
      }
      return answer
    },
    known: (brandName) => answers.get(brandName),
  }
}

/**
 * The app's store, filled before the first screen is drawn (app.tsx), so the home views know from their first paint
 * whether the warning's space is to be kept (decision 051). Without it a component asks on its own.
 */
export const UkStatusContext = createContext<UkStatusStore | null>(null)

export function useUkStatus(brandName: string): { data: boolean | undefined } {
  const shared = useContext(UkStatusContext)
  const [own] = useState(createUkStatusStore)
  const store = shared ?? own
  const [answer, setAnswer] = useState(() => store.known(brandName))

  useEffect(() => {
    if (answer !== undefined) return
    let current = true
    void store.load(brandName).then((isUk) => {
      if (current) setAnswer(isUk)
    })
    return () => {
      current = false
    }
  }, [store, brandName, answer])

  return { data: answer }
}
