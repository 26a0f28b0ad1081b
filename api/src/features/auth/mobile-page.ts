import { api, messages } from '@toy/shared';

const m = messages.auth;

/** JSON for an inline script: `<` escaped so no value can close the script element. */
const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page a login QR opens on the phone: email, password, 确认登录. It posts the credentials and
 * the token (read from its own URL) to auth.qrConfirm and shows the answer's message.
 */
export function mobileLoginPage(state: 'ready' | 'expired' | 'used'): string {
  const notice = state === 'expired' ? m.qrExpired : state === 'used' ? m.qrUsed : '';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>扫码登录确认</title>
<style>
  :root { color-scheme: light; --brand: #6c4cf5; --ink: #1f2330; --muted: #7a8094; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font-family: -apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", sans-serif;
    background: linear-gradient(160deg, #f3efff 0%, #fdf2f8 100%); color: var(--ink); display: flex; align-items: center; justify-content: center; padding: 24px; }
  .card { width: 100%; max-width: 380px; background: #fff; border-radius: 18px; padding: 28px 22px; box-shadow: 0 12px 40px rgba(76, 50, 180, .12); }
  .logo { width: 56px; height: 56px; border-radius: 16px; margin: 0 auto 14px; background: linear-gradient(135deg, #8b6cff, #ff7ab6);
    display: flex; align-items: center; justify-content: center; color: #fff; font-size: 26px; font-weight: 700; }
  h1 { font-size: 20px; text-align: center; margin: 0 0 6px; }
  p.sub { text-align: center; color: var(--muted); font-size: 14px; margin: 0 0 22px; }
  label { display: block; font-size: 14px; margin: 14px 0 6px; color: #3b4050; }
  input { width: 100%; font-size: 16px; padding: 12px 14px; border: 1px solid #dcdfe8; border-radius: 10px; outline: none; }
  input:focus { border-color: var(--brand); box-shadow: 0 0 0 3px rgba(108, 76, 245, .15); }
  button { width: 100%; margin-top: 24px; padding: 13px; font-size: 17px; border: 0; border-radius: 10px; color: #fff;
    background: var(--brand); font-weight: 600; }
  button:disabled { opacity: .6; }
  .msg { margin-top: 16px; text-align: center; font-size: 15px; min-height: 22px; }
  .msg.ok { color: #16a34a; } .msg.err { color: #dc2626; }
  .done { text-align: center; font-size: 40px; margin: 10px 0; }
</style>
</head>
<body>
<main class="card">
  <div class="logo">盒</div>
  <h1>商家扫码登录</h1>
  <p class="sub">请输入账号和密码，确认在电脑端登录</p>
  <form id="f" ${notice ? 'hidden' : ''}>
    <label for="email">账号</label>
    <input id="email" name="email" type="email" autocomplete="username" inputmode="email" placeholder="请输入账号" required>
    <label for="password">密码</label>
    <input id="password" name="password" type="password" autocomplete="current-password" placeholder="请输入密码" required>
    <button id="b" type="submit">确认登录</button>
  </form>
  <div id="msg" class="msg ${notice ? 'err' : ''}">${notice}</div>
</main>
<script>
(function () {
  var form = document.getElementById('f'), msg = document.getElementById('msg'), button = document.getElementById('b');
  var token = new URLSearchParams(location.search).get('token') || '';
  var texts = ${js({ email: m.emailRequired, password: m.passwordRequired, done: m.qrConfirmed, failed: '网络错误，请重试' })};
  function show(text, ok) { msg.textContent = text; msg.className = 'msg ' + (ok ? 'ok' : 'err'); }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var email = form.email.value.trim(), password = form.password.value;
    if (!email) return show(texts.email, false);
    if (!password) return show(texts.password, false);
    button.disabled = true; show('', true);
    fetch(${js(api.auth.qrConfirm.path)}, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: token, email: email, password: password })
    }).then(function (r) { return r.json(); }).then(function (res) {
      if (res.status === 0) { form.hidden = true; show(texts.done, true); }
      else { show(res.msg || 'Error', false); button.disabled = false; }
    }).catch(function () { show(texts.failed, false); button.disabled = false; });
  });
})();
</script>
</body>
</html>`;
}
