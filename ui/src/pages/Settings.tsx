import { useEffect, useState } from 'preact/hooks';
import { AccountCard } from '../components/account/AccountCard.js';
import { DeleteAccountSection } from '../components/account/DeleteAccountSection.js';
import { PasswordSection } from '../components/account/PasswordSection.js';
import { ProfileSection } from '../components/account/ProfileSection.js';
import { SessionsSection } from '../components/account/SessionsSection.js';
import { SingleSignOnSection } from '../components/account/SingleSignOnSection.js';
import { Link } from '../components/Link.js';
import { Icon, type IconName } from '../components/Icon.js';
import { PageLoading } from '../components/page-states.js';
import { PageHead } from '../components/PageHead.js';
import { TeamsSection } from '../components/settings/TeamsSection.js';
import { navigate, paths } from '../router.js';
import { useSession } from '../session.js';
import './Settings.css';

const SECTIONS = [
  ['profile', 'Profile'],
  ['password', 'Password'],
  ['sessions', 'Sessions'],
  ['api-tokens', 'API tokens'],
  ['teams', 'Teams'],
  ['audit-log', 'Audit log'],
  ['delete-account', 'Delete account'],
] as const;

/** Settings: the account's profile, password, sessions, API tokens, teams, and deleting it. */
export function Settings() {
  const session = useSession();
  // Bumped by a password change, which signs out the other sessions: the list reloads.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  useEffect(() => {
    if (session.account === null) navigate(paths.signin(paths.settings()), { replace: true });
  }, [session.account === null]);
  if (!session.account) return <PageLoading />;
  const { account } = session;

  return (
    <div class="page settings-page">
      <PageHead title="Settings" note={`Signed in as ${account.displayName ?? account.email}`} />
      <nav class="settings-nav" aria-label="Settings sections">
        {SECTIONS.map(([id, label]) =>
          id === 'api-tokens' || id === 'audit-log' ? (
            <Link key={id} href={id === 'api-tokens' ? paths.tokens() : paths.accountAudit()} class="settings-nav-link">
              {label}
            </Link>
          ) : (
            <a key={id} href={`#${id}`} class="settings-nav-link">
              {label}
            </a>
          ),
        )}
      </nav>
      <div class="settings-sections">
        <ProfileSection key={account.id} account={account} />
        <PasswordSection hasPassword={account.hasPassword} onChanged={() => setSessionsVersion((n) => n + 1)} />
        <SingleSignOnSection />
        <SessionsSection version={sessionsVersion} />
        <PageCard
          id="api-tokens"
          icon="key"
          title="API tokens"
          description="For the CLI, scripts and CI. Each token can be limited to reading or replaying, to some inboxes, and can expire."
          href={paths.tokens()}
          primary
        />
        <TeamsSection />
        <PageCard
          id="audit-log"
          icon="shield"
          title="Audit log"
          description="Sign-ins (failed ones too), tokens, secrets, forwarding, links, teams, inboxes and replays: who, when, from where, and how it ended."
          href={paths.accountAudit()}
        />
        <DeleteAccountSection account={account} />
      </div>
    </div>
  );
}

/** A section of Settings that lives on a page of its own: what it is, and the button to it. */
function PageCard(props: {
  id: string;
  icon: IconName;
  title: string;
  description: string;
  href: string;
  primary?: boolean;
}) {
  return (
    <AccountCard id={props.id} icon={props.icon} title={props.title} description={props.description}>
      <Link href={props.href} class={`btn${props.primary === true ? ' btn-primary' : ''} settings-tokens-link`}>
        <Icon name={props.icon} /> <span>{props.title}</span>
      </Link>
    </AccountCard>
  );
}
