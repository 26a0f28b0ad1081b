/** A short message over the page (the connection messages of spec 03 §8). */
let box: HTMLDivElement | null = null;
let hideTimer: ReturnType<typeof setTimeout> | null = null;

export function toast(text: string, kind: 'ok' | 'error' = 'ok', ms = 3000): void {
  if (!box) {
    box = document.createElement('div');
    box.setAttribute('role', 'status');
    box.dataset.testid = 'toast';
    Object.assign(box.style, {
      position: 'fixed',
      left: '50%',
      top: '4vh',
      transform: 'translateX(-50%)',
      padding: '0.7em 1.6em',
      borderRadius: '999px',
      font: '600 clamp(14px, 1.4vw, 28px)/1.4 system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif',
      color: '#fff',
      zIndex: '1000',
      boxShadow: '0 10px 40px rgba(0,0,0,.45)',
      transition: 'opacity .3s',
      pointerEvents: 'none',
    } satisfies Partial<CSSStyleDeclaration>);
    document.body.appendChild(box);
  }
  box.textContent = text;
  box.dataset.kind = kind;
  box.style.background =
    kind === 'ok' ? 'linear-gradient(90deg,#12b886,#0ca678)' : 'linear-gradient(90deg,#fa5252,#e03131)';
  box.style.opacity = '1';
  if (hideTimer) clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    if (box) box.style.opacity = '0';
  }, ms);
}
