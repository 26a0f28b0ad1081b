import type { ClientInfo, DataAge, StatusData } from '@toy/shared';
import { publicAges } from './access.js';

const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const ageSeconds = (age: DataAge, now = Date.now()) =>
  age.ok_at === null ? null : Math.max(0, Math.round((now - age.ok_at) / 1000));

export function duration(seconds: number | null): string {
  if (seconds === null) return '从未获取';
  if (seconds < 60) return `${seconds} 秒`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} 分 ${seconds % 60} 秒`;
  const h = Math.floor(seconds / 3600);
  return h < 48 ? `${h} 小时 ${Math.floor((seconds % 3600) / 60)} 分` : `${Math.floor(h / 24)} 天`;
}

const DATA_LABELS: Record<string, string> = {
  sale: '今日发售',
  hot: '热门品牌',
  user: '欧皇榜',
  barrage: '动态消息',
  active: '活动状态',
};
const ROLE_LABELS: Record<string, string> = { screen: '屏幕', preview: '预览', control: '控制台' };

/** The status without what only the operator should see: client ids and addresses, platform error texts. */
export interface PublicStatus {
  clients: Omit<ClientInfo, 'id' | 'address'>[];
  counters: StatusData['counters'];
  ages: Record<string, DataAge>;
  uptime: number;
}

export function publicStatus(status: StatusData): PublicStatus {
  return {
    clients: status.clients.map(({ id: _id, address: _address, ...rest }) => rest),
    counters: status.counters,
    ages: publicAges(status.ages),
    uptime: status.uptime,
  };
}

/** The status page: every connected client with its route, uptime, fps, textures, heap and heartbeat. */
export function statusPage(status: PublicStatus): string {
  const now = Date.now();
  const rows = status.clients
    .map((c) => {
      const h = c.health;
      const pong = c.last_pong === null ? '—' : `${Math.round((now - c.last_pong) / 1000)} 秒前`;
      const stale = h && now - h.at > 30_000;
      return `<tr${stale ? ' class="stale"' : ''}>
        <td>${esc(ROLE_LABELS[c.role])}</td><td>${esc(c.route || '—')}</td>
        <td>${duration(Math.round((now - c.connected_at) / 1000))}</td>
        <td class="n">${h ? h.fps.toFixed(0) : '—'}</td><td class="n">${h ? h.textures : '—'}</td>
        <td class="n">${h ? `${h.heap.toFixed(1)} MB` : '—'}</td><td>${pong}</td>
        <td>${h ? `${Math.round((now - h.at) / 1000)} 秒前` : '—'}</td></tr>`;
    })
    .join('');
  const ages = Object.entries(status.ages)
    .map(([key, age]) => {
      const s = ageSeconds(age, now);
      const cls = age.error ? (s === null ? 'bad' : 'warn') : 'ok';
      return `<tr><td>${esc(DATA_LABELS[key] ?? key)}</td><td class="${cls}">${duration(s)}</td><td>${esc(age.error ?? '正常')}</td></tr>`;
    })
    .join('');
  const c = status.counters;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="5"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>大屏服务状态</title><style>
body{margin:0;font:14px/1.5 system-ui,"Noto Sans CJK SC",sans-serif;background:#0d1024;color:#e8e9f3}
main{max-width:1200px;margin:0 auto;padding:24px}h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px;color:#b9bde0}
.sub{color:#8a8fb8;margin:0 0 16px}table{width:100%;border-collapse:collapse;background:#161a36;border-radius:10px;overflow:hidden}
th,td{padding:8px 10px;text-align:left;border-bottom:1px solid #23284d}th{background:#1d2246;color:#aab0dc;font-weight:600}
td.n{text-align:right;font-variant-numeric:tabular-nums}.ok{color:#5fe3a1}.warn{color:#ffc857}.bad{color:#ff6b81}
tr.stale td{color:#ffc857}.cards{display:flex;gap:12px;flex-wrap:wrap}.card{background:#161a36;border-radius:10px;padding:12px 16px;min-width:120px}
.card b{display:block;font-size:22px}.card span{color:#8a8fb8}code{color:#9fb4ff}</style></head><body><main>
<h1>大屏服务状态</h1><p class="sub">运行 ${duration(status.uptime)} · 每 5 秒刷新</p>
<div class="cards">
<div class="card"><b>${status.clients.filter((x) => x.role === 'screen').length}</b><span>屏幕</span></div>
<div class="card"><b>${status.clients.filter((x) => x.role === 'preview').length}</b><span>预览</span></div>
<div class="card"><b>${status.clients.filter((x) => x.role === 'control').length}</b><span>控制台</span></div>
<div class="card"><b>${c.broadcast}</b><span>已广播</span></div><div class="card"><b>${c.dropped}</b><span>已丢弃</span></div>
<div class="card"><b>${c.refused}</b><span>已拒绝</span></div><div class="card"><b>${c.stale}</b><span>过期上报</span></div><div class="card"><b>${c.terminated}</b><span>已断开</span></div></div>
<h2>连接</h2><table><thead><tr><th>角色</th><th>路由</th><th>在线</th><th>FPS</th><th>GPU 纹理</th><th>内存</th><th>心跳</th><th>上报</th></tr></thead>
<tbody>${rows || '<tr><td colspan="8">暂无连接</td></tr>'}</tbody></table>
<h2>平台数据（本地缓存）</h2><table><thead><tr><th>数据</th><th>缓存时长</th><th>状态</th></tr></thead><tbody>${ages}</tbody></table>
</main></body></html>`;
}
