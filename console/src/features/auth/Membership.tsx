import { messages } from '@toy/shared/messages';
import { Copy, Crown } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { config } from '../../config';
import { copyText } from '../../lib/clipboard';

/** 购买/续费会员: a small QR and a copyable link. */
export function Membership() {
  const url = config.membershipUrl;
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (!note) return;
    const timer = window.setTimeout(() => setNote(null), 2500);
    return () => window.clearTimeout(timer);
  }, [note]);
  const copy = async () => {
    const ok = await copyText(url);
    setNote({ ok, text: ok ? messages.success.copied : messages.success.copyFailed });
  };
  return (
    <div className="lp-membership" data-testid="membership">
      <div className="lp-membership-qr">
        <QRCodeSVG value={url} size={76} marginSize={0} title="购买/续费会员二维码" data-testid="membership-qr" />
      </div>
      <div className="lp-membership-text">
        <div className="lp-membership-title">
          <Crown size={16} />
          <p>购买/续费会员</p>
        </div>
        <p className="lp-muted">使用手机扫码，或复制链接在手机浏览器中打开</p>
        <p className="lp-membership-link" data-testid="membership-link" title={url}>
          {url}
        </p>
      </div>
      <button type="button" className="lp-membership-copy" onClick={() => void copy()} data-testid="membership-copy">
        <Copy size={14} />
        复制链接
      </button>
      {note && (
        <div className={note.ok ? 'lp-toast' : 'lp-toast error'} role="status">
          {note.text}
        </div>
      )}
    </div>
  );
}
