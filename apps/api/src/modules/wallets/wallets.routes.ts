import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  ListWalletsAnswer,
  ListWalletsRequest,
  WalletChallengeAnswer,
  WalletDeclareProviderRequest,
  WalletDeclareRequest,
  WalletProofAnswer,
  WalletProveRequest,
} from '@exchange/shared/wallet-proofs.schemas'
import { WalletChallengeRequest } from '@exchange/shared/wallet-challenge.schemas'
import { sessionOf } from '../../plugins/session'
import type { WalletService } from './wallets.service'
import type { ZodApp } from '../../plugins/zod-app'

const user = { tags: ['wallets'], security: [{ bearer: [] }] }
const refusals = { 400: FailureAnswer, 401: FailureAnswer }

/** Wallet ownership: a message to sign (or a declaration to confirm), the proof, and the customer's proven wallets. */
export function walletRoutes({ wallets }: { wallets: WalletService }): FastifyPluginAsyncZod {
  return async (app) => {
    registerChallengeAndProof(app, wallets)
    registerDeclarations(app, wallets)
    registerWalletList(app, wallets)
  }
}

/** The message to sign and its signature. */
function registerChallengeAndProof(app: ZodApp, wallets: WalletService) {
  app.post(
    '/walletChallenge',
    {
      schema: {
        ...user,
        summary: 'A message to sign with this wallet (or, where no signature is checked, a declaration to confirm)',
        body: WalletChallengeRequest,
        response: { 200: WalletChallengeAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await wallets.issueChallenge(
        sessionOf(request).customerId,
        request.body.wallet.crypto,
        request.body.wallet.address,
      ),
    }),
  )

  app.post(
    '/walletProve',
    {
      schema: {
        ...user,
        summary: "Prove the wallet with the signature of the challenge's message",
        body: WalletProveRequest,
        response: { 200: WalletProofAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await wallets.proveWithSignature(
        sessionOf(request).customerId,
        request.body.challengeId,
        request.body.signature,
      ),
    }),
  )
}

/** Wallets declared where no signature is checked. */
function registerDeclarations(app: ZodApp, wallets: WalletService) {
  app.post(
    '/walletDeclare',
    {
      schema: {
        ...user,
        summary: 'Declare control of a wallet on a network without a checked signature, naming its wallet provider',
        body: WalletDeclareRequest,
        response: { 200: WalletProofAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await wallets.declareWallet(
        sessionOf(request).customerId,
        request.body.challengeId,
        request.body.walletProvider,
      ),
    }),
  )

  app.post(
    '/walletDeclareProvider',
    {
      schema: {
        ...user,
        summary:
          'Declare a wallet held at another exchange or a custodian: the provider and the account holder (travel rule); limited amounts',
        body: WalletDeclareProviderRequest,
        response: { 200: WalletProofAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await wallets.declareProviderWallet(sessionOf(request).customerId, request.body.challengeId, {
        walletProvider: request.body.walletProvider,
        accountHolder: request.body.accountHolder,
      }),
    }),
  )
}

/** The customer's proven wallets. */
function registerWalletList(app: ZodApp, wallets: WalletService) {
  app.post(
    '/walletList',
    {
      schema: {
        ...user,
        summary: "The customer's proven wallets",
        body: ListWalletsRequest,
        response: { 200: ListWalletsAnswer, ...refusals },
      },
    },
    async (request) => ({ result: true as const, data: await wallets.listWallets(sessionOf(request).customerId) }),
  )
}
