import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { JourneyStatusAnswer, OwedStep } from '@exchange/shared/journey.schemas'
import { JOURNEY_STEP_SCREENS, JourneyStepId, payoutStepScreen } from '@exchange/shared/journey-steps'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useBrand } from '../../lib/brand-context'
import { peekReturnTo, rememberReturnTo, takeReturnTo } from '../../lib/return-to'
import { journeyQueryOptions, useJourneyChanged } from './api/get-journey-status'
import { fetchStepLocks, isLockableStep } from './api/get-step-locks'
import { useCatalog } from '../../lib/i18n/catalog'
import { stepRequiredLine, waitingLine } from './journey-copy'
import { journeyCatalog } from './messages'

/** Navigation state the journey leaves on the screen it sends the customer to. */
export interface JourneyLocationState {
  /** Sent to this step's screen because an order was refused for it: the screen says why in one line. */
  stepRequired?: JourneyStepId
  /** Back where they were after finishing a step: the calculator says their order is ready to start. */
  stepDone?: boolean
}

/** The screens of the order flow where a payment is started or its instructions shown (spec section 2). */
const PAYMENT_SCREENS = [WEB_PATHS.startCard, WEB_PATHS.wire, WEB_PATHS.viban, WEB_PATHS.vibanDetails].map((path) =>
  path.toLowerCase(),
)

function isPaymentScreen(path: string | null): boolean {
  return path !== null && PAYMENT_SCREENS.includes(path.toLowerCase())
}

function journeyStateOf(state: unknown): JourneyLocationState {
  if (typeof state !== 'object' || state === null) return {}
  const { stepRequired, stepDone } = state as Record<string, unknown>
  const step = JourneyStepId.safeParse(stepRequired)
  return { stepRequired: step.success ? step.data : undefined, stepDone: stepDone === true }
}

/** The one line a step's screen shows when a refused order sent the customer there, or null. */
export function useStepRequiredLine(): string | null {
  useCatalog(journeyCatalog)
  const { stepRequired } = journeyStateOf(useLocation().state)
  return stepRequired ? stepRequiredLine(stepRequired) : null
}

/** Whether the customer just came back from a finished step. */
export function useStepDone(): boolean {
  return journeyStateOf(useLocation().state).stepDone === true
}

/**
 * Moves the customer through the journey (decision 038): to a step's screen when an order is refused for it, and
 * back to where they were once it is done. The answer is read fresh each time, never from a stale cache.
 */
export function useJourneyNavigation() {
  const brand = useBrand()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const queryClient = useQueryClient()
  const journeyChanged = useJourneyChanged()

  const freshStatus = useCallback(async (): Promise<JourneyStatusAnswer | null> => {
    await journeyChanged()
    try {
      const answer = await queryClient.fetchQuery({ ...journeyQueryOptions(brand.brandName), staleTime: 0 })
      return answer === false ? null : answer
    } catch {
      return null
    }
  }, [journeyChanged, queryClient, brand.brandName])

  /**
   * An order (or its payment, decision 080) was refused with `step_required`: a step the customer can act on sends them
   * to its screen, keeping this screen to come back to; a step waiting for a decision (or refused) keeps them here and
   * answers the line to show. A payment refused for the wallet opens the wallet screen on that order's wallet.
   */
  const routeToStep = useCallback(
    async (step: JourneyStepId, orderReference?: string): Promise<string | null> => {
      const status = await freshStatus()
      const owed: OwedStep | undefined = status?.result ? status.data.steps.find((one) => one.id === step) : undefined
      if (owed && owed.state === 'waiting' && isLockableStep(owed.id))
        return waitingLine(owed, (await fetchStepLocks(queryClient, brand.brandName))[owed.id])
      if (owed && owed.state !== 'required') return waitingLine(owed)
      const screen =
        step === 'wallet' && orderReference
          ? payoutStepScreen(step, orderReference)
          : (owed?.screen ?? JOURNEY_STEP_SCREENS[step])
      rememberReturnTo(pathname, screen)
      void navigate(screen, { state: { stepRequired: step } satisfies JourneyLocationState })
      return null
    },
    [freshStatus, navigate, pathname, queryClient, brand.brandName],
  )

  /**
   * A step's answers were saved on `doneScreen`. If another step the customer can act on, or one waiting for a time its
   * screen shows (the UK cooling-off), now blocks a new order, they go there; otherwise back to where they were.
   * Answers false when there is nowhere to go (the screen stays).
   */
  const continueAfterStep = useCallback(
    async (doneScreen: string): Promise<boolean> => {
      const status = await freshStatus()
      if (status?.result) {
        // Back to paying an order, the steps before paying count (decision 080); back to the calculator, those
        // before a new order.
        const blocked = status.data.blocked
        const blocker = isPaymentScreen(peekReturnTo()) ? (blocked.start_order ?? blocked.pay) : blocked.start_order
        const owed = status.data.steps.find((one) => one.id === blocker)
        // A step locked after a failed answer is never a place to send the customer to (decision 087).
        const open = owed && (owed.state === 'required' || (owed.state === 'waiting' && !isLockableStep(owed.id)))
        if (owed && open && owed.screen.toLowerCase() !== doneScreen.toLowerCase()) {
          void navigate(owed.screen, { state: { stepRequired: owed.id } satisfies JourneyLocationState })
          return true
        }
      }
      const back = takeReturnTo()
      if (!back) return false
      void navigate(back, { state: { stepDone: true } satisfies JourneyLocationState })
      return true
    },
    [freshStatus, navigate],
  )

  /** Opens a step's screen from the checks panel, keeping this screen to come back to. */
  const openStep = useCallback(
    (step: OwedStep) => {
      rememberReturnTo(pathname, step.screen)
      void navigate(step.screen)
    },
    [navigate, pathname],
  )

  return { routeToStep, continueAfterStep, openStep }
}
