import { Outlet } from 'react-router';
import type { GlobalPermission } from '@observatory/shared';
import { useHasPermission } from '../lib/auth';
import { ErrorScreen } from '../components/ErrorScreen';
import { RequireSignIn } from './RequireSignIn';

const ACCESS_DENIED = { status: 403, heading: 'Access Denied', message: '', code: null };

function Check({ permission, children }: { permission: GlobalPermission; children?: React.ReactNode }) {
  return useHasPermission(permission) ? (children ?? <Outlet />) : <ErrorScreen error={ACCESS_DENIED} />;
}

/** Sign-in first (401 screen), then the global permission (403 screen); then the children, or the routes inside. */
export function RequirePermission({ permission, children }: { permission: GlobalPermission; children?: React.ReactNode }) {
  return (
    <RequireSignIn>
      <Check permission={permission}>{children}</Check>
    </RequireSignIn>
  );
}
