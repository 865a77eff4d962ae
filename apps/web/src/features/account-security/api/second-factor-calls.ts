import type { ProveItsYouRequest, RemovePasskeyRequest } from '@exchange/shared/account-security.schemas'
import {
  AddPasskeyAnswer,
  type AddPasskeyRequest,
  OkSecondFactorAnswer,
  PasskeyChallengeAnswer,
  RecoveryCodesAnswer,
  type RenamePasskeyRequest,
  SecondFactorStatusAnswer,
  StartTotpAnswer,
} from '@exchange/shared/second-factor.schemas'
import { queryOptions } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** The calls of two-factor sign-in's settings (decision 124). */
export const secondFactorCalls = {
  startTotp: (request: ProveItsYouRequest) => postUser('startTotp', request, StartTotpAnswer),
  confirmTotp: (request: { brandName: string; code: string }) => postUser('confirmTotp', request, RecoveryCodesAnswer),
  disableTotp: (request: ProveItsYouRequest) => postUser('disableTotp', request, OkSecondFactorAnswer),
  renewRecoveryCodes: (request: ProveItsYouRequest) => postUser('renewRecoveryCodes', request, RecoveryCodesAnswer),
  startPasskey: (request: ProveItsYouRequest) => postUser('startPasskey', request, PasskeyChallengeAnswer),
  addPasskey: (request: AddPasskeyRequest) => postUser('addPasskey', request, AddPasskeyAnswer),
  renamePasskey: (request: RenamePasskeyRequest) => postUser('renamePasskey', request, OkSecondFactorAnswer),
  passkeyReauthOptions: (brandName: string) => postUser('passkeyReauthOptions', { brandName }, PasskeyChallengeAnswer),
  removePasskey: (request: RemovePasskeyRequest) => postUser('removePasskey', request, OkSecondFactorAnswer),
}

/** The key of the factors' status, for every brand: what a change refreshes. */
export const secondFactorStatusKey = () => ['secondFactorStatus']

export function secondFactorStatusQuery(brandName: string) {
  return queryOptions({
    queryKey: [...secondFactorStatusKey(), brandName],
    queryFn: () => postUser('secondFactorStatus', { brandName }, SecondFactorStatusAnswer),
  })
}
