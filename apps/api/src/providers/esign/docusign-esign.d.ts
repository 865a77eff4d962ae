/** The few parts of the official `docusign-esign` package (CommonJS, untyped) that the DocuSign adapter uses. */
declare module 'docusign-esign' {
  export class ApiClient {
    constructor(options?: { basePath?: string })
    setOAuthBasePath(host: string): void
    addDefaultHeader(name: string, value: string): void
    requestJWTUserToken(
      clientId: string,
      userId: string,
      scopes: string[],
      rsaPrivateKey: Buffer,
      expiresIn: number,
    ): Promise<{ body: { access_token: string; expires_in: number } }>
  }
  export class EnvelopesApi {
    constructor(apiClient: ApiClient)
    createEnvelope(
      accountId: string,
      options: { envelopeDefinition: Record<string, unknown> },
    ): Promise<{ envelopeId?: string; status?: string }>
    createRecipientView(
      accountId: string,
      envelopeId: string,
      options: { recipientViewRequest: Record<string, unknown> },
    ): Promise<{ url?: string }>
    getDocument(
      accountId: string,
      envelopeId: string,
      documentId: string,
      options?: Record<string, unknown>,
    ): Promise<Buffer | string>
  }
  const docusign: { ApiClient: typeof ApiClient; EnvelopesApi: typeof EnvelopesApi }
  export default docusign
}
