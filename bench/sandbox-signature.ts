/**
 * The sandbox e-signature page's form as a signer submits it (decision 044): the envelope named by the signing address
 * `startDocusign` answered, signed in `signerName`. Both benches sign the agreement this way before a customer's first
 * order.
 */
export function sandboxSignature(signingUrl: string, signerName: string) {
  const envelope = new URL(signingUrl, 'http://sandbox.invalid').searchParams.get('envelope') ?? ''
  return { path: '/sandbox/esign/sign', fields: { envelope, action: 'sign', signedName: signerName } }
}
