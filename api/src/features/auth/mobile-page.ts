import { api, messages } from '@toy/shared';
import { mobilePage } from '../../lib/mobile-page.js';

const m = messages.auth;

/** JSON for an inline script: `<` escaped so no value can close the script element. */
const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page a login QR opens on the phone: email, password, 确认登录. It posts the credentials and
 * the token (read from its own URL) to auth.qrConfirm and shows the answer's message.
 */
export function mobileLoginPage(state: 'ready' | 'expired' | 'used'): string {
  const notice = state === 'expired' ? m.qrExpired : state === 'used' ? m.qrUsed : '';
  return mobilePage(
    '扫码登录确认',
    `  <h1>商家扫码登录</h1>
  <p class="sub">请输入账号和密码，确认在电脑端登录</p>
  <form id="f" ${notice ? 'hidden' : ''}>
    <label for="email">账号</label>
    <input id="email" name="email" type="email" autocomplete="username" inputmode="email" placeholder="请输入账号" required>
    <label for="password">密码</label>
    <input id="password" name="password" type="password" autocomplete="current-password" placeholder="请输入密码" required>
    <button id="b" type="submit">确认登录</button>
  </form>
  <div id="msg" class="msg ${notice ? 'err' : ''}">${notice}</div>`,
    `<script>
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
</script>`,
  );
}
