import { EventTypes } from './pages/EventTypes.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Link } from './components/Link.js';
import { Icon } from './components/Icon.js';
import { LeaveDialog } from './components/LeaveDialog.js';
import { ProblemPage } from './components/page-states.js';
import { AccountAuditPage, TeamAuditPage } from './pages/AuditPages.js';
import { Dashboard } from './pages/Dashboard.js';
import { Home } from './pages/Home.js';
import { InboxPage } from './pages/InboxPage.js';
import { SharePage } from './pages/SharePage.js';
import { SignIn, SignUp } from './pages/Auth.js';
import { Settings } from './pages/Settings.js';
import { JoinPage } from './pages/JoinPage.js';
import { TeamPage } from './pages/TeamPage.js';
import { Teams } from './pages/Teams.js';
import { Tokens } from './pages/Tokens.js';
import { themeChoice, type ThemeChoice } from './lib/storage.js';
import { navigate, paths, useRoute, type Route } from './router.js';
import { signOut, useSession } from './session.js';
import { useSignInMethods } from './sign-in-methods.js';
import { cycleTheme } from './theme.js';
import './narrow.css';

export function App() {
  const route = useRoute();
  useEffect(() => {
    document.title = titleOf(route);
  }, [route]);
  const wide = route.page === 'inbox' || route.page === 'share';
  return (
    <div class={`shell ${wide ? 'shell-wide' : ''}`}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <Header route={route} />
      <main id="main" class={wide ? 'main-wide' : 'main'} tabIndex={-1}>
        <Page route={route} />
      </main>
      <LeaveDialog />
    </div>
  );
}

function titleOf(route: Route): string {
  switch (route.page) {
    case 'home':
      return 'Rehook — capture, inspect and replay webhooks';
    case 'inbox':
      return `Inbox ${route.inboxId} · Rehook`;
    case 'share':
      return 'Shared inbox · Rehook';
    case 'signin':
      return 'Sign in · Rehook';
    case 'signup':
      return 'Create an account · Rehook';
    case 'types':
      return 'Event types · Rehook';
    case 'dashboard':
      return 'Inboxes · Rehook';
    case 'settings':
      return 'Settings · Rehook';
    case 'tokens':
      return 'API tokens · Settings · Rehook';
    case 'accountAudit':
      return 'Audit log · Settings · Rehook';
    case 'teamAudit':
      return 'Team audit log · Rehook';
    case 'teams':
      return 'Teams · Rehook';
    case 'team':
      return 'Team · Rehook';
    case 'join':
      return 'Join a team · Rehook';
    default:
      return 'Not found · Rehook';
  }
}

function Page(props: { route: Route }) {
  const { route } = props;
  switch (route.page) {
    case 'home':
      return <Home />;
    case 'inbox':
      return <InboxPage key={route.inboxId} inboxId={route.inboxId} eventId={route.eventId} search={route.search} />;
    case 'share':
      return <SharePage key={route.token} token={route.token} eventId={route.eventId} search={route.search} />;
    case 'signin':
      return <SignIn next={route.next} />;
    case 'signup':
      return <SignUp next={route.next} />;
    case 'types':
      return <EventTypes key={route.inboxId} inboxId={route.inboxId} eventType={route.eventType} />;
    case 'dashboard':
      return <Dashboard />;
    case 'settings':
      return <Settings />;
    case 'tokens':
      return <Tokens />;
    case 'accountAudit':
      return <AccountAuditPage />;
    case 'teamAudit':
      return <TeamAuditPage key={route.teamId} teamId={route.teamId} />;
    case 'moved':
      return <Moved to={route.to} />;
    case 'teams':
      return <Teams />;
    case 'team':
      return <TeamPage key={route.teamId} teamId={route.teamId} />;
    case 'join':
      return <JoinPage token={route.token} />;
    default:
      return <NotFound />;
  }
}

function Moved(props: { to: string }) {
  useEffect(() => navigate(props.to, { replace: true }), [props.to]);
  return null;
}

function NotFound() {
  return <ProblemPage title="Page not found" message="There is nothing at this address." />;
}

const THEME_LABEL: Record<ThemeChoice, string> = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' };
const THEME_ICON = { system: 'monitor', light: 'sun', dark: 'moon' } as const;

function Header(props: { route: Route }) {
  const session = useSession();
  // Sign-up is offered unless the server says it is closed (REHOOK_SIGNUP=closed, or single sign-on only).
  const signupOffered = useSignInMethods(session.account === null)?.signup !== false;
  const [theme, setTheme] = useState(themeChoice);
  const here = props.route.page;
  // Choosing a page in the account menu closes it (in-app links do not reload the page).
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [props.route]);
  return (
    <header class="topbar">
      <Link href={paths.home()} class="brand" aria-label="Rehook home">
        <svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" />
          <path d="M9 17a7 7 0 0 1 12-5l2-2v6h-6l2-2a4.5 4.5 0 0 0-7.5 3M23 15a7 7 0 0 1-12 5l-2 2v-6h6l-2 2a4.5 4.5 0 0 0 7.5-3" />
        </svg>
        <span>Rehook</span>
      </Link>
      <nav class="nav" aria-label="Main">
        {session.account && (
          <>
            <Link href={paths.dashboard()} class="nav-link" aria-current={here === 'dashboard' ? 'page' : undefined}>
              Inboxes
            </Link>
            <Link
              href={paths.settings()}
              class="nav-link"
              aria-current={here === 'settings' || here === 'tokens' || here === 'accountAudit' ? 'page' : undefined}
            >
              Settings
            </Link>
            <Link
              href={paths.teams()}
              class="nav-link"
              aria-current={here === 'teams' || here === 'team' || here === 'teamAudit' ? 'page' : undefined}
            >
              Teams
            </Link>
          </>
        )}
      </nav>
      <span class="spacer" />
      <button
        type="button"
        class="btn btn-ghost btn-icon"
        aria-label={`${THEME_LABEL[theme]} (change)`}
        title={THEME_LABEL[theme]}
        onClick={() => setTheme(cycleTheme())}
      >
        <Icon name={THEME_ICON[theme]} />
      </button>
      {session.account === undefined ? null : session.account === null ? (
        <div class="auth-links">
          <Link
            href={paths.signin(location.pathname === '/signin' ? undefined : location.pathname)}
            class="btn btn-ghost"
          >
            Sign in
          </Link>
          {signupOffered ? (
            <Link
              href={paths.signup(['/signin', '/signup'].includes(location.pathname) ? undefined : location.pathname)}
              class="btn btn-primary"
            >
              Sign up
            </Link>
          ) : null}
        </div>
      ) : (
        <details class="menu" ref={menu}>
          <summary class="btn btn-ghost menu-button" data-testid="account-menu">
            <span class="avatar" aria-hidden="true">
              {session.account.email.slice(0, 1).toUpperCase()}
            </span>
            <span class="visually-hidden">Account </span>
            <span class="menu-email">{session.account.email}</span>
          </summary>
          <div class="menu-panel">
            <p class="menu-head small muted">Signed in as {session.account.email}</p>
            <Link href={paths.settings()} class="menu-item">
              <Icon name="settings" /> Settings
            </Link>
            <Link href={paths.dashboard()} class="menu-item">
              <Icon name="grid" /> Inboxes
            </Link>
            <Link href={paths.tokens()} class="menu-item">
              <Icon name="key" /> API tokens
            </Link>
            {/* The main navigation is hidden on a phone: this is how Teams is reached there. */}
            <Link href={paths.teams()} class="menu-item">
              <Icon name="grid" /> Teams
            </Link>
            <button type="button" class="menu-item" onClick={() => void signOut().then(() => navigate(paths.home()))}>
              <Icon name="logout" /> Sign out
            </button>
            <button
              type="button"
              class="menu-item"
              onClick={() => void signOut(true).then(() => navigate(paths.home()))}
            >
              <Icon name="logout" /> Sign out everywhere
            </button>
          </div>
        </details>
      )}
    </header>
  );
}
