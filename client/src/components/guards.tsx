import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Role } from '../gql/types';
import { useSession } from '../lib/session-context';
import { useT } from '../lib/i18n';
import { paths } from '../lib/paths';
import { ErrorState } from './states';
import '../styles/ui.css';
import './states.css';

function SessionLoading() {
  const t = useT();
  return (
    <div className="state-loading" style={{ minHeight: '50vh' }} role="status" aria-label={t('common.checkingSignIn')}>
      <span className="ui-spinner ui-spinner-xl" />
    </div>
  );
}

/** The spec's login guard: a spinner while the session loads, then /login remembering where to come back. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { state, session } = useSession();
  const location = useLocation();
  // With no network the page itself says what it can show (a model test opens from the phone).
  if (state.status === 'loading' && session.isUnreachable()) return children ?? <Outlet />;
  if (state.status === 'loading') return <SessionLoading />;
  if (state.status === 'signedOut') return <Navigate to={paths.login} replace state={{ from: location }} />;
  return children ?? <Outlet />;
}

/** The staff areas also check the role (the server checks it again for every operation). */
export function RequireRole({ roles, children }: { roles: Role[]; children?: ReactNode }) {
  const t = useT();
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <SessionLoading />;
  if (state.status === 'signedOut') return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (!roles.includes(state.user.role)) return <ErrorState message={t('common.staffOnly')} />;
  return children ?? <Outlet />;
}
