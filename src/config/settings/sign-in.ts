import { parseBoolean, parseDomainList, parseIssuer, parseScopes, parseText } from '../parse.js';
import { setting } from '../setting.js';

/**
 * Settings of how people sign in: passwords, and single sign-on with OpenID Connect. In the order docs/generated/settings.md lists them.
 */
export const SIGN_IN_SETTINGS = [
  setting({
    key: 'passwordSignIn',
    env: 'REHOOK_PASSWORD_SIGN_IN',
    flag: 'password-sign-in',
    defaultText: 'on',
    description:
      'Whether people may sign in and sign up with an e-mail address and a password. `off` leaves single sign-on as the only way into the web app (it needs REHOOK_OIDC_ISSUER): password sign-in and sign-up answer 403 PASSWORD_SIGN_IN_DISABLED. API tokens work either way.',
    parse: parseBoolean,
  }),
  setting({
    key: 'oidcIssuer',
    env: 'REHOOK_OIDC_ISSUER',
    flag: 'oidc-issuer',
    defaultText: null,
    description:
      'Issuer URL of an OpenID Connect provider (e.g. https://accounts.google.com, https://sso.example.com/realms/acme): turns on "Sign in with <REHOOK_OIDC_NAME>". Set it with REHOOK_OIDC_CLIENT_ID and REHOOK_OIDC_CLIENT_SECRET (all three or none). Requests to this host pass the replay egress guard even on a private address; see docs/sso.md.',
    parse: parseIssuer,
  }),
  setting({
    key: 'oidcClientId',
    env: 'REHOOK_OIDC_CLIENT_ID',
    flag: 'oidc-client-id',
    defaultText: null,
    description: 'Client id Rehook has at the OpenID Connect provider.',
    parse: parseText(256),
  }),
  setting({
    key: 'oidcClientSecret',
    env: 'REHOOK_OIDC_CLIENT_SECRET',
    flag: 'oidc-client-secret',
    defaultText: null,
    secret: true,
    description:
      'Client secret Rehook has at the OpenID Connect provider. Secret: prefer the environment variable to the flag.',
    parse: parseText(1024),
  }),
  setting({
    key: 'oidcName',
    env: 'REHOOK_OIDC_NAME',
    flag: 'oidc-name',
    defaultText: 'SSO',
    description: 'Name of the identity provider on the sign-in button: "Sign in with <name>" (e.g. Google, Okta).',
    parse: parseText(40),
  }),
  setting({
    key: 'oidcScopes',
    env: 'REHOOK_OIDC_SCOPES',
    flag: 'oidc-scopes',
    defaultText: 'openid email profile',
    description:
      'Scopes asked of the provider, space-separated (`openid` is required; add the one that brings REHOOK_OIDC_TEAMS_CLAIM, e.g. `groups`).',
    parse: parseScopes,
  }),
  setting({
    key: 'oidcAllowedDomains',
    env: 'REHOOK_OIDC_ALLOWED_DOMAINS',
    flag: 'oidc-allowed-domains',
    defaultText: '',
    description:
      'Comma-separated e-mail domains that may sign in with the provider (e.g. example.com,example.org); empty = any domain the provider vouches for. Checked on every single sign-on.',
    parse: parseDomainList,
  }),
  setting({
    key: 'oidcTeamsClaim',
    env: 'REHOOK_OIDC_TEAMS_CLAIM',
    flag: 'oidc-teams-claim',
    defaultText: null,
    description:
      'ID token claim (e.g. `groups`) whose values name Rehook teams, by id (tem_...) or by name: on each single sign-on the account joins each such team it is not in as `member`. Roles already held are kept, and nothing is removed.',
    parse: parseText(100),
  }),
] as const;
