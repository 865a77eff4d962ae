import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  GetAnswersRequest,
  GetQuestionnaireAnswer,
  GetSourceOfFundsAnswer,
  SaveAnswersAnswer,
  SaveQuestionnaireRequest,
  SaveSourceOfFundsRequest,
} from '@exchange/shared/due-diligence.schemas'
import { sessionOf } from '../../plugins/session'
import type { DueDiligenceService } from './due-diligence.service'

const user = { tags: ['due diligence'], security: [{ bearer: [] }] }
const refusals = { 400: FailureAnswer, 401: FailureAnswer }

/** `sof` (source of funds, beneficial owner) and `quest` (enhanced checks), decision 037. */
export function dueDiligenceRoutes({ dueDiligence }: { dueDiligence: DueDiligenceService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/saveSourceOfFunds',
      {
        schema: {
          ...user,
          summary: 'Declare the beneficial owner and the source of funds (a change is kept as a new answer)',
          body: SaveSourceOfFundsRequest,
          response: { 200: SaveAnswersAnswer, ...refusals },
        },
      },
      async (request) => {
        await dueDiligence.saveSourceOfFunds(sessionOf(request).customerId, request.body.answers)
        return { result: true as const }
      },
    )

    app.post(
      '/getSourceOfFunds',
      {
        schema: {
          ...user,
          summary: "The customer's latest source-of-funds answers and the questions as asked now",
          body: GetAnswersRequest,
          response: { 200: GetSourceOfFundsAnswer, ...refusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await dueDiligence.sourceOfFundsOf(sessionOf(request).customerId),
      }),
    )

    app.post(
      '/saveQuestionnaire',
      {
        schema: {
          ...user,
          summary: 'Answer the enhanced-checks questionnaire; the answers wait for a person at the exchange',
          body: SaveQuestionnaireRequest,
          response: { 200: SaveAnswersAnswer, ...refusals },
        },
      },
      async (request) => {
        await dueDiligence.saveQuestionnaire(sessionOf(request).customerId, request.body.answers)
        return { result: true as const }
      },
    )

    app.post(
      '/getQuestionnaire',
      {
        schema: {
          ...user,
          summary: "The customer's latest questionnaire answers and where the review stands",
          body: GetAnswersRequest,
          response: { 200: GetQuestionnaireAnswer, ...refusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await dueDiligence.questionnaireOf(sessionOf(request).customerId),
      }),
    )
  }
}
