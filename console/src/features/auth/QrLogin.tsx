import type { Session } from '@toy/shared/features/auth';
import { messages } from '@toy/shared/messages';
import { CheckCircle2, RotateCw, ScanLine } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useQrLogin } from './useQrLogin';

const SIZE = 196;

/** 扫码登录: the QR of qr_url, dimmed with '二维码已失效' / '点击重新加载' once expired. */
export function QrLogin({ onLogin }: { onLogin: (session: Session) => void }) {
  const { qr, loading, error, expired, confirmed, reload } = useQrLogin(onLogin);

  return (
    <div className="lp-qr" data-testid="qr-login">
      <div className="lp-qr-box">
        {qr && (
          <div
            className="lp-qr-code"
            data-testid="qr-code"
            data-token={qr.token}
            data-expired={expired ? 'true' : 'false'}
          >
            <QRCodeSVG value={qr.qr_url} size={SIZE} level="M" marginSize={0} title="扫码登录二维码" />
          </div>
        )}
        {!qr && loading && (
          <div className="lp-center">
            <span className="lp-spinner lp-qr-spinner" />
          </div>
        )}
        {!qr && !loading && error && (
          <div className="lp-center lp-qr-error">
            <p>{error}</p>
            <button type="button" className="lp-qr-retry" onClick={() => void reload()} data-testid="qr-retry">
              重新加载
            </button>
          </div>
        )}
        {qr && expired && (
          <button
            type="button"
            className="lp-center lp-qr-overlay lp-qr-expired"
            onClick={() => void reload()}
            data-testid="qr-expired"
            aria-label={`${messages.auth.qrExpired}，${messages.auth.qrReload}`}
          >
            <p>{messages.auth.qrExpired}</p>
            <span className="lp-qr-reload" data-testid="qr-reload">
              {loading ? <span className="lp-spinner xs" /> : <RotateCw size={14} />}
              {messages.auth.qrReload}
            </span>
          </button>
        )}
        {confirmed && (
          <div className="lp-center lp-qr-overlay lp-qr-confirmed" data-testid="qr-confirmed">
            <CheckCircle2 size={36} color="#22c55e" />
            <p>登录成功，正在进入…</p>
          </div>
        )}
      </div>
      <div className="lp-qr-hint">
        <ScanLine size={16} />
        <p>{messages.auth.qrScanHint}</p>
      </div>
    </div>
  );
}
