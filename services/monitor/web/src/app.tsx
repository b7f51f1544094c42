import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { api } from './api/client.js';
import type { Monitor, Role } from './api/types.js';
import { AuthProvider, useAuth } from './auth/auth-context.js';
import { ForcedChangePage } from './auth/forced-change-page.js';
import { ForcedEnrolmentPage } from './auth/forced-enrolment-page.js';
import { LoginPage } from './auth/login-page.js';
import { Notice } from './components/notice.js';
import { RouteErrorBoundary } from './components/route-error-boundary.js';
import { Layout } from './layout.js';
import { lazyPage } from './lib/lazy-page.js';
import { matchPath, useLocation } from './lib/router.js';
import { locationStore } from './locations/location-store.js';
import { DashboardPage } from './monitors/dashboard-page.js';
import { openDashboardStream, type StreamState } from './monitors/dashboard-stream.js';
import { liveStore } from './monitors/live-store.js';
import { StreamStateContext } from './monitors/use-live.js';

// Screens other than the dashboard load on first visit: the first render parses only what it shows.
const AccountPage = lazyPage(() => import('./auth/account-page.js').then((m) => m.AccountPage));
const MonitorDetailPage = lazyPage(() =>
  import('./monitors/monitor-detail-page.js').then((m) => m.MonitorDetailPage),
);
const MonitorFormPage = lazyPage(() =>
  import('./monitors/monitor-form-page.js').then((m) => m.MonitorFormPage),
);
const ApiKeysPage = lazyPage(() => import('./pages/api-keys-page.js').then((m) => m.ApiKeysPage));
const AuditLogPage = lazyPage(() => import('./pages/audit-log-page.js').then((m) => m.AuditLogPage));
const OnCallPage = lazyPage(() => import('./on-call/on-call-page.js').then((m) => m.OnCallPage));
const PoliciesPage = lazyPage(() => import('./escalation/policies-page.js').then((m) => m.PoliciesPage));
const ChannelsPage = lazyPage(() => import('./pages/channels-page.js').then((m) => m.ChannelsPage));
const ImportExportPage = lazyPage(() =>
  import('./pages/import-export-page.js').then((m) => m.ImportExportPage),
);
const GroupsPage = lazyPage(() => import('./groups/groups-page.js').then((m) => m.GroupsPage));
const IncidentsPage = lazyPage(() => import('./pages/incidents-page.js').then((m) => m.IncidentsPage));
const IncidentDetailPage = lazyPage(() =>
  import('./incidents/incident-detail-page.js').then((m) => m.IncidentDetailPage),
);
const LocationsPage = lazyPage(() => import('./locations/locations-page.js').then((m) => m.LocationsPage));
const MaintenancePage = lazyPage(() => import('./pages/maintenance-page.js').then((m) => m.MaintenancePage));
const StatusPagesPage = lazyPage(() =>
  import('./status-pages/status-pages-page.js').then((m) => m.StatusPagesPage),
);
const ReportsPage = lazyPage(() => import('./reports/reports-page.js').then((m) => m.ReportsPage));
const SettingsPage = lazyPage(() => import('./pages/settings-page.js').then((m) => m.SettingsPage));
const UsersPage = lazyPage(() => import('./pages/users-page.js').then((m) => m.UsersPage));

interface RouteDef {
  path: string;
  role: Role;
  render(params: Record<string, string>): ReactNode;
}

const routes: RouteDef[] = [
  { path: '/', role: 'viewer', render: () => <DashboardPage /> },
  { path: '/monitors/new', role: 'admin', render: () => <MonitorFormPage /> },
  { path: '/monitors/:id', role: 'viewer', render: (p) => <MonitorDetailPage id={Number(p.id)} /> },
  { path: '/monitors/:id/edit', role: 'admin', render: (p) => <MonitorFormPage id={Number(p.id)} /> },
  { path: '/incidents', role: 'viewer', render: () => <IncidentsPage /> },
  { path: '/incidents/:id', role: 'viewer', render: (p) => <IncidentDetailPage id={Number(p.id)} /> },
  { path: '/channels', role: 'viewer', render: () => <ChannelsPage /> },
  { path: '/escalation', role: 'viewer', render: () => <PoliciesPage /> },
  { path: '/on-call', role: 'viewer', render: () => <OnCallPage /> },
  { path: '/maintenance', role: 'viewer', render: () => <MaintenancePage /> },
  { path: '/reports', role: 'viewer', render: () => <ReportsPage /> },
  { path: '/locations', role: 'viewer', render: () => <LocationsPage /> },
  { path: '/status-pages', role: 'viewer', render: () => <StatusPagesPage /> },
  { path: '/groups', role: 'viewer', render: () => <GroupsPage /> },
  { path: '/import-export', role: 'viewer', render: () => <ImportExportPage /> },
  { path: '/api-keys', role: 'admin', render: () => <ApiKeysPage /> },
  { path: '/users', role: 'superadmin', render: () => <UsersPage /> },
  { path: '/settings', role: 'superadmin', render: () => <SettingsPage /> },
  { path: '/audit-log', role: 'superadmin', render: () => <AuditLogPage /> },
  { path: '/account', role: 'viewer', render: () => <AccountPage /> },
];

/** Loads the monitor list and keeps the live stream open while signed in. */
function useLiveData(active: boolean): StreamState {
  const [state, setState] = useState<StreamState>('stopped');
  useEffect(() => {
    if (!active) return;
    let alive = true;
    const resync = () =>
      api<Monitor[]>('/api/monitors')
        .then((list) => alive && liveStore.setMonitors(list))
        .catch(() => undefined);
    liveStore.onUnknownMonitor = () => void resync();
    // Subscribe first, load after: the stream calls onResync once it is open, so a status change
    // that happens while the list loads arrives as an event instead of falling between the two.
    const stop = openDashboardStream({
      onEvent: (name, data) => {
        if (!name.startsWith('location.')) return liveStore.push(name, data);
        locationStore.push(name, data);
        // A deleted location leaves every monitor's list: reload them rather than wait for the resync.
        if (name === 'location.deleted') void resync();
      },
      onState: (s) => alive && setState(s),
      onResync: () => {
        void resync();
        locationStore.resync();
      },
    });
    // Monitors created or edited elsewhere send no event until their first result: resync now and then,
    // and whenever the tab comes back into view.
    const every = setInterval(() => document.visibilityState === 'visible' && void resync(), 60_000);
    const onVisible = () => document.visibilityState === 'visible' && void resync();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      liveStore.reset();
      locationStore.reset();
      clearInterval(every);
      document.removeEventListener('visibilitychange', onVisible);
      stop();
    };
  }, [active]);
  return state;
}

function Routes() {
  const { me, loading, can } = useAuth();
  const { path } = useLocation();
  const ready = !!me && !me.must_change_password && !me.mfa_enrolment_required;
  const stream = useLiveData(ready);
  if (loading) return <p className="loading">Loading…</p>;
  if (!me) return <LoginPage />;
  if (me.must_change_password) return <ForcedChangePage />;
  if (me.mfa_enrolment_required) return <ForcedEnrolmentPage />;
  let page: ReactNode = (
    <Notice kind="error">
      Page not found. <a href="/">Go to the dashboard</a>.
    </Notice>
  );
  for (const r of routes) {
    const params = matchPath(r.path, path);
    if (!params) continue;
    page = can(r.role) ? (
      r.render(params)
    ) : (
      <Notice kind="error">Your role ({me.role}) cannot open this page.</Notice>
    );
    break;
  }
  return (
    <StreamStateContext.Provider value={stream}>
      <Layout>
        <RouteErrorBoundary key={path}>
          <Suspense fallback={<p className="loading">Loading…</p>}>{page}</Suspense>
        </RouteErrorBoundary>
      </Layout>
    </StreamStateContext.Provider>
  );
}

/** The whole single-page app. */
export function App() {
  return (
    <AuthProvider>
      <Routes />
    </AuthProvider>
  );
}
