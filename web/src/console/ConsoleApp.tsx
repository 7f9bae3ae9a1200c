// The console's shell: the sign-in while there is no staff session, else the workspace (header,
// queue, conversations, context) and the stats and audit views.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { LANGUAGES } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';
import { login, logout } from './api';
import type { ConsoleClient } from './client';
import { ServiceContext, useConsole, useService } from './context';
import { useConsoleT } from './hooks';
import { applyConsoleLanguage } from './i18n';
import { ConversationPane } from './ConversationPane';
import { ContextPanel } from './ContextPanel';
import { QueuePanel } from './QueuePanel';
import { AdminView } from './AdminViews';
import { ConfigView } from './ConfigView';
import { AuditView, StatsView } from './ReportViews';
import { ActivityTracker, startLeaseRenewal } from './activity';
import { errorMessage, type MessageKey } from './refusals';
import { ConsoleService } from './service';
import { ErrorLine, PasswordField, PressedButtons, TextField } from './ui';
import './console.css';

// The dashboard brings the charting library: only admins who open it download either.
const DashboardView = lazy(() => import('./DashboardView'));

export function ConsoleApp({ client }: { client: ConsoleClient }) {
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  if (snapshot.signedOut) return <LoginScreen onSignedIn={() => client.start()} />;
  return <Workspace client={client} />;
}

function LanguageSwitch() {
  const { t, language } = useConsoleT();
  return (
    <label className="cs-lang">
      <span className="cs-visually-hidden">{t('console.header.language')}</span>
      <select
        className="cs-select"
        value={language}
        onChange={(e) => applyConsoleLanguage(e.target.value as LanguageCode)}
        data-testid="console-language"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}

export function LoginScreen({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useConsoleT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [needsTotp, setNeedsTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await login(
      needsTotp ? { email, password, totp: totp.trim() } : { email, password },
    );
    setBusy(false);
    if (outcome.ok) {
      onSignedIn();
      return;
    }
    if (outcome.code === 'totp_required') {
      setNeedsTotp(true);
      setError({ key: 'console.login.totpHint' });
      return;
    }
    setError(
      outcome.network
        ? { key: 'console.errors.network' }
        : errorMessage(outcome.code, {}, { seconds: outcome.seconds }),
    );
  };

  return (
    <main className="cs-login" data-console-bundle="">
      <form className="cs-login__card" onSubmit={(e) => void submit(e)} noValidate>
        <div className="cs-login__top">
          <h1 className="cs-login__title">{t('console.login.title')}</h1>
          <LanguageSwitch />
        </div>
        <p className="cs-muted">{t('console.login.lead')}</p>
        <TextField
          label={t('console.login.email')}
          type="email"
          autoComplete="username"
          value={email}
          onValue={setEmail}
          required
          dir="ltr"
        />
        <PasswordField
          label={t('console.login.password')}
          value={password}
          onValue={setPassword}
          required
        />
        {needsTotp ? (
          <TextField
            label={t('console.login.totp')}
            inputClassName="input cs-totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={totp}
            onValue={(value) => setTotp(value.replace(/\D/g, ''))}
            autoFocus
            dir="ltr"
            data-testid="console-totp"
          />
        ) : null}
        <ErrorLine error={error} />
        <button
          className="btn btn-primary btn-block"
          type="submit"
          disabled={busy || !email || !password || (needsTotp && totp.length !== 6)}
        >
          {busy ? t('console.login.signingIn') : t('console.login.submit')}
        </button>
      </form>
    </main>
  );
}

const OPERATOR_VIEWS = ['work', 'stats'] as const;
/** An admin's views; each one's tab reads `console.nav.<view>`. */
const ALL_VIEWS = [...OPERATOR_VIEWS, 'dashboard', 'config', 'audit', 'admin'] as const;
type View = (typeof ALL_VIEWS)[number];
const PANES = ['queue', 'conversation', 'context'] as const;
type Pane = (typeof PANES)[number];

function Workspace({ client }: { client: ConsoleClient }) {
  const [service] = useState(() => new ConsoleService(client));
  useEffect(() => service.attach(), [service]);
  useEffect(() => {
    const tracker = new ActivityTracker();
    const stopTracking = tracker.start();
    const stopRenewal = startLeaseRenewal({
      renew: () => void service.renew(),
      active: () => tracker.active(),
      lockCount: () => service.state.locks.length,
    });
    return () => {
      stopRenewal();
      stopTracking();
    };
  }, [service]);
  return (
    <ServiceContext.Provider value={service}>
      <WorkspaceLayout client={client} />
    </ServiceContext.Provider>
  );
}

function WorkspaceLayout({ client }: { client: ConsoleClient }) {
  const { t } = useConsoleT();
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  const staff = useConsole((s) => s.staff);
  const active = useConsole((s) => s.active);
  const [view, setView] = useState<View>('work');
  const [pane, setPane] = useState<Pane>('queue');
  // On a phone, opening a conversation shows it.
  const [shownActive, setShownActive] = useState(active);
  if (active !== shownActive) {
    setShownActive(active);
    if (active) setPane('conversation');
  }

  const signOut = async () => {
    await logout();
    client.signOut();
  };

  return (
    <div className="cs-app" data-console-bundle="" data-view={view} data-pane={pane}>
      <header className="cs-header">
        <div className="cs-header__brand">
          <span className="cs-logo" aria-hidden="true">
            K
          </span>
          <span className="cs-header__title">{t('console.title')}</span>
        </div>
        <nav className="cs-nav" aria-label={t('console.nav.label')}>
          {(staff?.role === 'admin' ? ALL_VIEWS : OPERATOR_VIEWS).map((v) => (
            <NavButton
              key={v}
              current={view}
              value={v}
              onSelect={setView}
              label={t(`console.nav.${v}`)}
            />
          ))}
        </nav>
        <div className="cs-header__end">
          {snapshot.status !== 'open' ? (
            <span className="cs-conn" role="status">
              {t(snapshot.online ? 'console.header.reconnecting' : 'console.header.offline')}
            </span>
          ) : null}
          {staff ? (
            <span className="cs-staff">
              <span className="cs-staff__email" dir="ltr">
                {staff.email}
              </span>
              <span className={`cs-role cs-role--${staff.role}`}>
                {t(`console.role.${staff.role}`)}
              </span>
            </span>
          ) : null}
          <LanguageSwitch />
          <button
            type="button"
            className="cs-btn cs-btn--ghost"
            onClick={() => void signOut()}
            data-testid="console-logout"
          >
            {t('console.header.logout')}
          </button>
        </div>
      </header>
      {view === 'work' ? (
        <>
          <PressedButtons
            as="nav"
            options={PANES}
            value={pane}
            onChange={setPane}
            label={t('console.panes.label')}
            labelOf={(p) => t(`console.panes.${p}`)}
            className="cs-panes"
            buttonClassName="cs-panes__btn"
          />
          <div className="cs-work">
            <QueuePanel />
            <ConversationPane />
            <ContextPanel />
          </div>
        </>
      ) : view === 'stats' ? (
        <StatsView />
      ) : view === 'admin' && staff?.role === 'admin' ? (
        <AdminView />
      ) : view === 'dashboard' && staff?.role === 'admin' ? (
        <Suspense fallback={<p className="cs-empty">{t('console.common.loading')}</p>}>
          <DashboardView />
        </Suspense>
      ) : view === 'config' && staff?.role === 'admin' ? (
        <ConfigView />
      ) : (
        <AuditView />
      )}
      <Notices />
    </div>
  );
}

function NavButton({
  current,
  value,
  label,
  onSelect,
}: {
  current: View;
  value: View;
  label: string;
  onSelect: (view: View) => void;
}) {
  return (
    <button
      type="button"
      className="cs-nav__btn"
      aria-current={current === value ? 'page' : undefined}
      onClick={() => onSelect(value)}
    >
      {label}
    </button>
  );
}

function Notices() {
  const service = useService();
  const notices = useConsole((s) => s.notices);
  const { t, say } = useConsoleT();
  return (
    <div className="cs-notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`cs-notice cs-notice--${n.tone}`} role="status">
          <span>{say(n.message)}</span>
          <button
            type="button"
            className="cs-icon-btn"
            onClick={() => service.dismiss(n.id)}
            aria-label={t('console.common.dismiss')}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
