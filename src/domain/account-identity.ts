/**
 * An account's identity at an OpenID Connect provider: the provider's issuer and the subject
 * (`sub`) it gives the person, which never changes there (unlike the e-mail address). A person
 * signing in again with single sign-on is found by this pair first.
 */
export interface AccountIdentity {
  readonly issuer: string;
  readonly subject: string;
  readonly accountId: string;
  readonly createdAt: Date;
}
