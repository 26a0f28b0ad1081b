import { Navigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../lib/redirect';
import { hasSession } from '../../lib/session';

/** /auth-redirect: continue to `redirect` when signed in, otherwise to the merchant login. */
export default function AuthRedirectPage() {
  const [search] = useSearchParams();
  const target = safeRedirect(search.get('redirect'));
  if (hasSession()) return <Navigate to={target} replace />;
  return <Navigate to={`/login?nav=shop&redirect=${encodeURIComponent(target)}`} replace />;
}
