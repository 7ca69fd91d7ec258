import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors.js';

const SSO = {
  REHOOK_OIDC_ISSUER: 'https://sso.example.com/realms/acme',
  REHOOK_OIDC_CLIENT_ID: 'rehook',
  REHOOK_OIDC_CLIENT_SECRET: 'very-secret-value',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError, String(err));
    return [...err.problems];
  }
  assert.fail('the configuration was accepted');
}

/** Single sign-on settings: REHOOK_OIDC_*, REHOOK_PASSWORD_SIGN_IN and REHOOK_PUBLIC_URL, checked once at start. */
describe('single sign-on settings', () => {
  it('are off by default, with password sign-in on', () => {
    const config = loadConfig({});
    assert.equal(config.oidcIssuer, null);
    assert.equal(config.oidcClientId, null);
    assert.equal(config.oidcClientSecret, null);
    assert.equal(config.passwordSignIn, true);
    assert.equal(config.publicUrl, null);
    assert.equal(config.oidcName, 'SSO');
    assert.equal(config.oidcScopes, 'openid email profile');
    assert.deepEqual(config.oidcAllowedDomains, []);
    assert.equal(config.oidcTeamsClaim, null);
  });

  it('take all three with the optional ones', () => {
    const config = loadConfig({
      ...SSO,
      REHOOK_OIDC_NAME: ' Okta ',
      REHOOK_OIDC_SCOPES: 'openid  email groups',
      REHOOK_OIDC_ALLOWED_DOMAINS: 'Example.com, @example.org,',
      REHOOK_OIDC_TEAMS_CLAIM: 'groups',
      REHOOK_PASSWORD_SIGN_IN: 'off',
      REHOOK_PUBLIC_URL: 'https://rehook.example.com/',
    });
    assert.equal(config.oidcIssuer, 'https://sso.example.com/realms/acme');
    assert.equal(config.oidcName, 'Okta');
    assert.equal(config.oidcScopes, 'openid email groups');
    assert.deepEqual(config.oidcAllowedDomains, ['example.com', 'example.org']);
    assert.equal(config.oidcTeamsClaim, 'groups');
    assert.equal(config.passwordSignIn, false);
    assert.equal(config.publicUrl, 'https://rehook.example.com');
  });

  it('refuse one or two of the three, naming all three', () => {
    for (const missing of Object.keys(SSO)) {
      const env: Record<string, string> = { ...SSO };
      delete env[missing];
      assert.deepEqual(problemsOf(env), [
        'REHOOK_OIDC_ISSUER, REHOOK_OIDC_CLIENT_ID and REHOOK_OIDC_CLIENT_SECRET go together: set all three or none',
      ]);
    }
    assert.equal(problemsOf({ REHOOK_OIDC_CLIENT_SECRET: 'x' }).length, 1);
  });

  it('refuse an issuer that is not an http(s) URL, and never repeat the secret', () => {
    for (const issuer of ['sso.example.com', 'ftp://sso.example.com', 'https://sso.example.com/?realm=a']) {
      const problems = problemsOf({ ...SSO, REHOOK_OIDC_ISSUER: issuer });
      assert.equal(problems.length, 1, problems.join('; '));
      assert.match(problems[0] ?? '', /^REHOOK_OIDC_ISSUER must /);
    }
    const problems = problemsOf({ ...SSO, REHOOK_OIDC_CLIENT_SECRET: 'x'.repeat(2000) });
    assert.match(problems[0] ?? '', /^REHOOK_OIDC_CLIENT_SECRET must be 1 to 1024 printable characters$/);
  });

  it('refuse password sign-in off without single sign-on, bad scopes and bad domains', () => {
    assert.deepEqual(problemsOf({ REHOOK_PASSWORD_SIGN_IN: 'off' }), [
      'REHOOK_PASSWORD_SIGN_IN=off needs single sign-on (REHOOK_OIDC_ISSUER): nobody could sign in',
    ]);
    assert.match(problemsOf({ ...SSO, REHOOK_OIDC_SCOPES: 'email profile' })[0] ?? '', /include openid/);
    assert.match(
      problemsOf({ ...SSO, REHOOK_OIDC_ALLOWED_DOMAINS: 'example.com, not a domain' })[0] ?? '',
      /invalid: not a domain/,
    );
  });
});
