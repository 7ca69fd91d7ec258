import { useState } from 'preact/hooks';
import { client, type CreatedToken } from '../api.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { CopyButton } from '../components/Copy.js';
import { Time } from '../components/Time.js';
import { Empty, ErrorNote, Spinner } from '../components/notes.js';
import {
  limitText,
  NO_LIMITS,
  TokenLimitFields,
  type TokenLimitChoice,
  tokenLimits,
  useTokenTargets,
} from '../components/account/TokenLimitFields.js';
import { Icon } from '../components/Icon.js';
import { ListTable } from '../components/ListTable.js';
import { PageLoading } from '../components/page-states.js';
import { Breadcrumbs, PageHead } from '../components/PageHead.js';
import { paths } from '../router.js';
import { useAccountList } from '../hooks/useAccountList.js';
import { CopyableValue, NameForm } from '../components/fields.js';
import './Tokens.css';

/** Settings > API tokens: create (shown once), list with last use, revoke. */
export function Tokens() {
  const list = useAccountList(() => client.tokens(), paths.signin(paths.tokens()));
  const { items: tokens, error, busy } = list;
  const [name, setName] = useState('');
  const [limits, setLimits] = useState<TokenLimitChoice>(NO_LIMITS);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const targets = useTokenTargets(list.account);

  if (!list.account) return <PageLoading />;

  const create = (event: Event) =>
    list.create(event, async () => {
      setCreated(await client.createToken(name.trim(), tokenLimits(limits)));
      setName('');
      setLimits(NO_LIMITS);
      list.setError(null);
      await list.reload();
    });

  const active = (tokens ?? []).filter((token) => token.revokedAt === null);
  const revoked = (tokens ?? []).filter((token) => token.revokedAt !== null);

  return (
    <div class="page">
      <Breadcrumbs trail={[{ href: paths.settings(), label: 'Settings' }]} current="API tokens" />
      <PageHead
        title="API tokens"
        note={
          <>
            For the CLI, scripts and CI: <code>Authorization: Bearer rhk_…</code>. A token acts as your account; one
            limited to a team acts with your role in it.
          </>
        }
      />
      <ErrorNote error={error} />
      <NameForm
        id="token-name"
        label="Token name"
        placeholder="What is it for? e.g. laptop, GitHub Actions"
        value={name}
        onChange={setName}
        onSubmit={create}
        button="Create token"
        busy={busy}
      >
        <TokenLimitFields value={limits} onChange={setLimits} inboxes={targets.inboxes} teams={targets.teams} />
      </NameForm>

      {created !== null && (
        <section class="card token-created" aria-labelledby="created-title" data-testid="created-token">
          <h2 id="created-title">
            <Icon name="key" /> Token “{created.name}” created
          </h2>
          <p class="note note-warn" role="alert">
            <Icon name="alert" />
            <span>Copy it now: it will not be shown again. Rehook stores only a hash of it.</span>
          </p>
          <div class="input-row">
            <label for="created-token" class="visually-hidden">
              The new token
            </label>
            <CopyableValue id="created-token" value={created.token} />
            <CopyButton text={created.token} label="Copy token" class="btn-primary" />
          </div>
          <button type="button" class="btn btn-ghost btn-sm" onClick={() => setCreated(null)}>
            I have copied it
          </button>
        </section>
      )}

      {tokens === null ? (
        <Spinner label="Loading tokens" />
      ) : active.length === 0 && revoked.length === 0 ? (
        <div class="card">
          <Empty title="No tokens yet" icon="key" />
        </div>
      ) : (
        <div class="card table-card">
          <ListTable
            caption="Your API tokens"
            columns={['Name', 'Token', 'Scope', 'Limits', 'Expires', 'Created', 'Last used']}
            testId="token-table"
          >
            {[...active, ...revoked].map((token) => (
              <tr key={token.id} class={token.revokedAt !== null ? 'is-revoked' : ''}>
                <td class="strong">{token.name}</td>
                <td class="mono muted">{token.prefix}…</td>
                <td>
                  <span class="badge" data-testid="token-scope">
                    {token.scopes[token.scopes.length - 1] ?? 'manage'}
                  </span>
                </td>
                <td class="small" data-testid="token-limits">
                  {limitText(token, targets)}
                </td>
                <td>{token.expiresAt ? <Time iso={token.expiresAt} /> : <span class="muted">never</span>}</td>
                <td>
                  <Time iso={token.createdAt} />
                </td>
                <td>{token.lastUsedAt ? <Time iso={token.lastUsedAt} /> : <span class="muted">never</span>}</td>
                <td class="actions">
                  {token.revokedAt !== null ? (
                    <span class="badge">
                      revoked <Time iso={token.revokedAt} />
                    </span>
                  ) : (
                    <ConfirmButton
                      label="Revoke"
                      confirmLabel="Revoke"
                      ariaLabel={`Revoke ${token.name}`}
                      confirmAriaLabel={`Revoke ${token.name}`}
                      class="btn-ghost btn-sm"
                      onConfirm={() =>
                        list.attempt(async () => {
                          await client.revokeToken(token.id);
                          await list.reload();
                        })
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
        </div>
      )}
    </div>
  );
}
