import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  UkAnswerQuestionsAnswer,
  UkAnswerQuestionsRequest,
  UkCategoriseAnswer,
  UkCategoriseRequest,
  UkCoolingOffDecisionRequest,
  UkDecisionAnswer,
  UkQuestionSetAnswer,
  UkQuestionSetRequest,
  UkRiskDecisionRequest,
  UkStepsStatusAnswer,
  UkStepsStatusRequest,
} from '@exchange/shared/uk-steps.schemas'
import { sessionOf } from '../../plugins/session'
import { visitorOf } from '../../plugins/visitor'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { UkStepsService } from './uk-steps.service'
import type { ZodApp } from '../../plugins/zod-app'

const user = { tags: ['UK steps'], security: [{ bearer: [] }] }
const refusals = { 400: FailureAnswer, 401: FailureAnswer }

/** The UK steps before the first purchase (uk-regulation.md section 3, decision 041). */
export function ukStepsRoutes({
  ukSteps,
  isUkCustomer,
}: {
  ukSteps: UkStepsService
  /** Whether the UK steps are asked of this customer on this request (decision 040). */
  isUkCustomer: (customerId: string, visitor: Visitor) => Promise<boolean>
}): FastifyPluginAsyncZod {
  return async (app) => {
    registerStatusAndRiskWarning(app, ukSteps, isUkCustomer)
    registerCategorisationAndQuestions(app, ukSteps)
    registerCoolingOff(app, ukSteps)
  }
}

/** Where the steps stand, and the decision on the risk warning. */
function registerStatusAndRiskWarning(
  app: ZodApp,
  ukSteps: UkStepsService,
  isUkCustomer: (customerId: string, visitor: Visitor) => Promise<boolean>,
) {
  app.post(
    '/ukStepsStatus',
    {
      schema: {
        ...user,
        summary: 'Whether the UK steps are asked of the customer, and where each stands (times, text versions)',
        body: UkStepsStatusRequest,
        response: { 200: UkStepsStatusAnswer, ...refusals },
      },
    },
    async (request) => {
      const { customerId } = sessionOf(request)
      const isUk = await isUkCustomer(customerId, visitorOf(request))
      return { result: true as const, data: await ukSteps.statusOf(customerId, isUk) }
    },
  )

  app.post(
    '/ukRiskDecision',
    {
      schema: {
        ...user,
        summary: 'Continue or Leave on the personalised risk warning (prk); recorded with the name shown',
        body: UkRiskDecisionRequest,
        response: { 200: UkDecisionAnswer, ...refusals },
      },
    },
    async (request) => {
      const { brandName: _brand, ...input } = request.body
      await ukSteps.decideRiskWarning(sessionOf(request).customerId, input)
      return { result: true as const }
    },
  )
}

/** The categorisation statement and the appropriateness questions. */
function registerCategorisationAndQuestions(app: ZodApp, ukSteps: UkStepsService) {
  app.post(
    '/ukCategorise',
    {
      schema: {
        ...user,
        summary: 'Sign a categorisation statement (prst): restricted, high net worth or certified sophisticated',
        body: UkCategoriseRequest,
        response: { 200: UkCategoriseAnswer, ...refusals },
      },
    },
    async (request) => {
      const { brandName: _brand, ...input } = request.body
      return { result: true as const, data: await ukSteps.categorise(sessionOf(request).customerId, input) }
    },
  )

  app.post(
    '/ukQuestionSet',
    {
      schema: {
        ...user,
        summary: "The appropriateness questions of the customer's next attempt (prquest), without the answers",
        body: UkQuestionSetRequest,
        response: { 200: UkQuestionSetAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await ukSteps.questionSetFor(sessionOf(request).customerId, request.body.assetType),
    }),
  )

  app.post(
    '/ukAnswerQuestions',
    {
      schema: {
        ...user,
        summary: 'Answer the appropriateness questions; the result comes only now, with broad reasons on a fail',
        body: UkAnswerQuestionsRequest,
        response: { 200: UkAnswerQuestionsAnswer, ...refusals },
      },
    },
    async (request) => {
      const { brandName: _brand, ...input } = request.body
      return { result: true as const, data: await ukSteps.answerQuestions(sessionOf(request).customerId, input) }
    },
  )
}

/** The decision once the cooling-off is over. */
function registerCoolingOff(app: ZodApp, ukSteps: UkStepsService) {
  app.post(
    '/ukCoolingOffDecision',
    {
      schema: {
        ...user,
        summary: 'Continue or Leave once the 24-hour cooling-off is over',
        body: UkCoolingOffDecisionRequest,
        response: { 200: UkDecisionAnswer, ...refusals },
      },
    },
    async (request) => {
      const { brandName: _brand, ...input } = request.body
      await ukSteps.decideCoolingOff(sessionOf(request).customerId, input)
      return { result: true as const }
    },
  )
}
