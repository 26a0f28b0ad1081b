import { LIMITS } from '@toy/shared/constants';
import { authRoutes, type Session } from '@toy/shared/features/auth';
import { messages } from '@toy/shared/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, call, errorText } from './loginApi';
import { isQrExpired } from './qrState';

interface QrToken {
  token: string;
  expire_time: number;
  qr_url: string;
  /** Server clock minus this browser's, so a wrong local clock does not expire a fresh QR. */
  offsetMs: number;
}

const expiredNow = (qr: QrToken) => isQrExpired(qr.expire_time, Date.now() + qr.offsetMs);

/**
 * QR login: fetch a token, poll api.auth.qrLogin every 3 s until is_login is 1; once now reaches
 * expire_time the QR is expired and polling stops until `reload()` fetches a new token.
 */
export function useQrLogin(onLogin: (session: Session) => void) {
  const [qr, setQr] = useState<QrToken | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const onLoginRef = useRef(onLogin);
  onLoginRef.current = onLogin;

  const reload = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const next = await call(authRoutes.qrToken);
      const token = { ...next, offsetMs: next.now * 1000 - Date.now() };
      setQr(token);
      setExpired(expiredNow(token));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Expiry ticker.
  useEffect(() => {
    if (!qr || expired) return;
    const check = () => expiredNow(qr) && setExpired(true);
    check();
    const timer = window.setInterval(check, 1000);
    return () => window.clearInterval(timer);
  }, [qr, expired]);

  // Poll every 3 s while the QR is live; one request at a time.
  useEffect(() => {
    if (!qr || expired || confirmed) return;
    let stopped = false;
    let timer = 0;
    const tick = async () => {
      if (stopped) return;
      if (expiredNow(qr)) {
        setExpired(true);
        return;
      }
      try {
        const res = await call(authRoutes.qrLogin, { token: qr.token });
        if (stopped) return;
        if (res.is_login === 1 && res.info) {
          setConfirmed(true);
          onLoginRef.current(res.info);
          return;
        }
      } catch (err) {
        if (stopped) return;
        if (
          err instanceof ApiError &&
          (err.message === messages.auth.qrInvalid ||
            err.message === messages.auth.qrUsed ||
            err.status === 404 ||
            err.status === 410)
        ) {
          setExpired(true);
          return;
        }
      }
      timer = window.setTimeout(tick, LIMITS.qrPollSeconds * 1000);
    };
    timer = window.setTimeout(tick, LIMITS.qrPollSeconds * 1000);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [qr, expired, confirmed]);

  return { qr, loading, error, expired, confirmed, reload };
}
