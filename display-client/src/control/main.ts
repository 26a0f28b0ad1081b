import './style.css';
import {
  applyMessage,
  CENTER_MODE_LABELS,
  type DataAge,
  DISPLAY_MESSAGE_TYPES,
  DISPLAY_MESSAGES,
  type DisplayBrand,
  type DisplayMessage,
  type DisplayState,
  type DisplayUser,
  emptyScreenData,
  type HubFrame,
  initialDisplayState,
  type ScreenData,
  type ScreenSlot,
  SIDE_MODE_LABELS,
  type SnapshotData,
  type StatusData,
} from '@toy/shared/display';
import { resolveAddress } from '../common/address.js';
import { HubSocket } from '../common/socket.js';
import { toast } from '../common/toast.js';
import { h, options } from './dom.js';
import { agesList, healthTable, type MediaFile, mediaPanel, previews } from './panels.js';

const KEY_STORE = 'display-control-key';
const BROADCAST = new Set<string>(DISPLAY_MESSAGE_TYPES);
type SlotKey = 'leftScreen' | 'centerScreen' | 'rightScreen';
const SLOTS: { key: SlotKey; title: string; labels: Record<number, string> }[] = [
  { key: 'leftScreen', title: '左屏', labels: SIDE_MODE_LABELS },
  { key: 'centerScreen', title: '中屏', labels: CENTER_MODE_LABELS },
  { key: 'rightScreen', title: '右屏', labels: SIDE_MODE_LABELS },
];

const app = document.getElementById('app')!;
const ui = {
  key: '',
  authorized: false,
  connected: false,
  state: initialDisplayState() as DisplayState,
  data: emptyScreenData() as ScreenData,
  ages: {} as Record<string, DataAge>,
  status: null as StatusData | null,
  notices: [] as { at: number; text: string }[],
  media: [] as MediaFile[],
  mediaMessage: '',
  previews: ['/extend_left', '/extend_center', '/extend_right'],
  overlay: { title: '', pic: '', num: 15, people: '', winners: '' },
  mediaBase: '',
};
let socket: HubSocket | null = null;

function send(message: DisplayMessage) {
  if (!socket?.send(message)) toast(DISPLAY_MESSAGES.serviceOff, 'error');
}

/** Brands the operator can put on the screens: the platform's hot list merged with the current list. */
function brandChoices(): DisplayBrand[] {
  const byId = new Map<number, DisplayBrand>();
  for (const b of ui.data.hot)
    byId.set(b.id, { id: b.id, title: b.name, pic: b.pic, logo: b.logo, video: '', type: 1 });
  for (const b of ui.state.ipList) byId.set(b.id, { ...byId.get(b.id), ...b });
  if (ui.state.ipInfo && !byId.has(ui.state.ipInfo.id)) byId.set(ui.state.ipInfo.id, ui.state.ipInfo);
  return [...byId.values()];
}

/** Send the current mode (wait unless sell) with a change to the screens' data. */
function push(
  change: Partial<Record<SlotKey, ScreenSlot>> & {
    ipInfo?: DisplayBrand | null;
    ipList?: DisplayBrand[];
    actInfo?: DisplayState['actInfo'];
  },
  mode?: 'wait' | 'sell',
) {
  const s = ui.state;
  const type = mode ?? s.mode ?? 'wait';
  send({
    type,
    data: {
      leftScreen: s.leftScreen,
      centerScreen: s.centerScreen,
      rightScreen: s.rightScreen,
      ipInfo: s.ipInfo,
      actInfo: s.actInfo,
      ipList: s.ipList,
      ...change,
    },
  } as DisplayMessage);
}

function parsePeople(text: string): DisplayUser[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [name, phone, avatar] = l.split(/[,，\s]+/);
      return { name: name ?? '', phone: phone || undefined, avatar: avatar ?? '' };
    });
}
const peopleText = (list: DisplayUser[]) => list.map((u) => [u.name, u.phone ?? ''].join(',')).join('\n');

function modeCard(): HTMLElement {
  const s = ui.state;
  const brands = brandChoices();
  const brandOptions = [
    { value: '', label: '（未选择）' },
    ...brands.map((b) => ({ value: String(b.id), label: b.title })),
  ];
  const ipInfo = h('select', {
    testid: 'ip-info',
    onchange: (e: Event) =>
      push({ ipInfo: brands.find((b) => String(b.id) === (e.target as HTMLSelectElement).value) ?? null }),
  });
  options(ipInfo, brandOptions, s.ipInfo ? String(s.ipInfo.id) : '');
  const act = h('select', {
    testid: 'act-info',
    onchange: (e: Event) =>
      push({ actInfo: ui.data.sale.find((x) => String(x.id) === (e.target as HTMLSelectElement).value) ?? null }),
  });
  options(
    act,
    [
      { value: '', label: '（自动：进行中的发售）' },
      ...ui.data.sale.map((x) => ({ value: String(x.id), label: `${x.begin.slice(11, 16)} ${x.name}` })),
    ],
    s.actInfo ? String(s.actInfo.id) : '',
  );
  const videos = ui.media.filter((f) => f.kind === 'video');
  const rows = brands.map((b) => {
    const inList = s.ipList.find((x) => x.id === b.id);
    const check = h('input', { type: 'checkbox', checked: Boolean(inList), testid: `brand-in-${b.id}` });
    const video = h('select', { testid: `brand-video-${b.id}` });
    const current = inList?.video ?? '';
    const known = videos.some((v) => v.name === current);
    options(
      video,
      [
        { value: '', label: '无视频' },
        ...videos.map((v) => ({ value: v.name, label: v.name })),
        ...(current && !known ? [{ value: current, label: `${current}（不在媒体库）` }] : []),
      ],
      current,
    );
    const apply = () => {
      const entry = { ...b, video: video.value };
      const list = s.ipList.filter((x) => x.id !== b.id);
      const next = check.checked
        ? [
            ...brands
              .filter((x) => x.id === b.id || list.some((y) => y.id === x.id))
              .map((x) => (x.id === b.id ? entry : (list.find((y) => y.id === x.id) ?? x))),
          ]
        : list;
      push({ ipList: next, ipInfo: s.ipInfo?.id === b.id ? (check.checked ? entry : s.ipInfo) : s.ipInfo });
    };
    check.addEventListener('change', apply);
    video.addEventListener('change', () => {
      check.checked = true;
      apply();
    });
    return h('div', { class: 'brand-row' }, check, h('span', {}, b.title), video);
  });
  const screens = SLOTS.map(({ key, title, labels }) => {
    const mode = h('select', {
      testid: `mode-${key}`,
      onchange: (e: Event) => push({ [key]: { ...s[key], mode: Number((e.target as HTMLSelectElement).value) } }),
    });
    options(
      mode,
      Object.entries(labels).map(([v, l]) => ({ value: v, label: `${v} · ${l}` })),
      String(s[key].mode),
    );
    const brand = h('select', {
      testid: `brand-${key}`,
      onchange: (e: Event) =>
        push({ [key]: { ...s[key], ip_id: Number((e.target as HTMLSelectElement).value) || null } }),
    });
    options(
      brand,
      [{ value: '', label: '跟随当前品牌' }, ...brands.map((b) => ({ value: String(b.id), label: b.title }))],
      s[key].ip_id ? String(s[key].ip_id) : '',
    );
    return h(
      'div',
      { class: 'screen-box' },
      h('b', {}, title),
      h('label', {}, '模式'),
      mode,
      h('label', {}, '品牌'),
      brand,
    );
  });
  return h(
    'div',
    {},
    h('h2', {}, '大屏模式'),
    h(
      'div',
      { class: 'row' },
      h(
        'div',
        { class: 'seg', style: 'flex:0 0 auto' },
        h(
          'button',
          { class: s.mode === 'wait' ? 'active' : '', testid: 'mode-wait', onclick: () => push({}, 'wait') },
          '待机 wait',
        ),
        h(
          'button',
          { class: s.mode === 'sell' ? 'active' : '', testid: 'mode-sell', onclick: () => push({}, 'sell') },
          '发售 sell',
        ),
      ),
      h(
        'span',
        { class: 'muted', style: 'flex:1;align-self:center' },
        s.closed
          ? '屏幕已关闭（发送 wait 或 sell 重新打开）'
          : s.mode
            ? `当前：${s.mode === 'wait' ? '待机' : '发售'}`
            : '尚未设置模式',
      ),
    ),
    h('div', { class: 'screens', style: 'margin-top:14px' }, ...screens),
    h(
      'div',
      { class: 'row', style: 'margin-top:6px' },
      h('div', {}, h('label', {}, '当前品牌 ipInfo'), ipInfo),
      h('div', {}, h('label', {}, '当前发售 actInfo'), act),
    ),
    h('label', {}, '品牌列表 ipList（待机时依次播放有视频的品牌）'),
    h('div', { class: 'brands' }, ...rows, rows.length ? null : h('p', { class: 'muted' }, '平台暂无品牌数据')),
  );
}

function overlayCard(): HTMLElement {
  const o = ui.overlay;
  const active = ui.data.active;
  const title = h('input', {
    value: o.title || active.info?.title || '',
    placeholder: '活动名称',
    testid: 'ov-title',
    oninput: (e: Event) => (o.title = (e.target as HTMLInputElement).value),
  });
  const pic = h('select', {
    testid: 'ov-pic',
    onchange: (e: Event) => (o.pic = (e.target as HTMLSelectElement).value),
  });
  options(
    pic,
    [
      { value: active.info?.reward_pic ?? '', label: active.info?.reward_pic ? '平台奖品图' : '（无图片）' },
      ...ui.media.filter((f) => f.kind === 'image').map((f) => ({ value: f.name, label: f.name })),
    ],
    o.pic,
  );
  const num = h('input', {
    type: 'number',
    min: '1',
    max: '3600',
    value: String(o.num),
    testid: 'ov-num',
    oninput: (e: Event) => (o.num = Number((e.target as HTMLInputElement).value) || 15),
  });
  const people = h('textarea', {
    placeholder: '参与者，每行：昵称,手机号',
    testid: 'ov-people',
    oninput: (e: Event) => (o.people = (e.target as HTMLTextAreaElement).value),
  });
  people.value = o.people || peopleText(active.records);
  const winners = h('textarea', {
    placeholder: '中奖者，每行：昵称,手机号',
    testid: 'ov-winners',
    oninput: (e: Event) => (o.winners = (e.target as HTMLTextAreaElement).value),
  });
  winners.value = o.winners || peopleText(active.lucky_user);
  const info = () => ({ title: title.value, reward_pic: pic.value });
  const draw = (state: number) =>
    send({
      type: 'open',
      data: {
        active_type: 1,
        state,
        active_id: active.active_id,
        info: info(),
        data: parsePeople(people.value),
        records: [],
        lucky_user: parsePeople(winners.value),
      },
    });
  const shown = ui.state.overlay;
  return h(
    'div',
    {},
    h('h2', {}, '奖品浮层与抽奖'),
    h(
      'p',
      { class: 'muted', style: 'margin:0' },
      shown
        ? `浮层显示中：${shown.active_type === 5 ? '倒计时' : shown.active_type === 1 ? `抽奖（状态 ${shown.state}）` : '奖品'}`
        : '浮层未显示',
    ),
    h(
      'div',
      { class: 'row' },
      h('div', {}, h('label', {}, '活动名称'), title),
      h('div', {}, h('label', {}, '奖品图片'), pic),
    ),
    h(
      'div',
      { class: 'actions' },
      h(
        'button',
        {
          class: 'primary',
          testid: 'ov-open',
          onclick: () =>
            send({
              type: 'open',
              data: {
                active_type: active.type || 2,
                state: 1,
                active_id: active.active_id,
                info: info(),
                records: active.records,
                lucky_user: active.lucky_user,
                data: [],
              },
            }),
        },
        '打开奖品浮层',
      ),
      h('button', { testid: 'ov-close', onclick: () => send({ type: 'close', data: {} }) }, '关闭浮层'),
    ),
    h(
      'div',
      { class: 'row', style: 'margin-top:8px' },
      h('div', {}, h('label', {}, '倒计时秒数'), num),
      h(
        'button',
        {
          class: 'pink',
          testid: 'ov-countdown',
          onclick: () =>
            send({
              type: 'open',
              data: { active_type: 5, state: 1, num: o.num, info: info(), records: [], lucky_user: [], data: [] },
            }),
        },
        '开始倒计时',
      ),
    ),
    h(
      'div',
      { class: 'row' },
      h('div', {}, h('label', {}, '参与者'), people),
      h('div', {}, h('label', {}, '中奖者'), winners),
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { class: 'cyan', testid: 'ov-draw-1', onclick: () => draw(1) }, '开始抽奖'),
      h('button', { class: 'cyan', testid: 'ov-draw-2', onclick: () => draw(2) }, '减速'),
      h('button', { class: 'primary', testid: 'ov-draw-3', onclick: () => draw(3) }, '公布中奖'),
      h('span', { class: 'spacer' }),
      h(
        'button',
        { class: 'danger', testid: 'screen-close', onclick: () => send({ type: 'screenClose', data: {} }) },
        '关闭全部屏幕',
      ),
    ),
  );
}

/** A section rebuilt only when what it shows changed (so iframes, file inputs and focus survive). */
const sections = new Map<string, { el: HTMLElement; key: string }>();
function section(id: string, cls: string, key: unknown, build: () => (Node | string | null)[]): HTMLElement {
  const k = JSON.stringify(key);
  let s = sections.get(id);
  if (!s) {
    s = { el: h('section', { class: `card ${cls}`, testid: `section-${id}` }), key: '' };
    sections.set(id, s);
  }
  if (s.key !== k) {
    const focused = document.activeElement;
    // Leave a section alone while the operator is typing in it; it refreshes when they leave.
    if (focused && s.el.contains(focused) && /INPUT|TEXTAREA|SELECT/.test(focused.tagName)) {
      focused.addEventListener('blur', () => render(), { once: true });
    } else {
      s.key = k;
      s.el.replaceChildren(...build().filter((n): n is Node | string => n !== null));
    }
  }
  return s.el;
}

let shell: { main: HTMLElement; conn: HTMLElement } | null = null;
let refreshQueued = false;
function render() {
  if (refreshQueued) return;
  refreshQueued = true;
  requestAnimationFrame(() => {
    refreshQueued = false;
    if (!ui.authorized) return;
    if (!shell || !app.contains(shell.main)) {
      const conn = h('span', { class: 'pill', testid: 'conn' });
      const main = h('main', {});
      app.replaceChildren(
        h(
          'header',
          { class: 'top' },
          h('h1', {}, '大屏控制台'),
          conn,
          h('span', { class: 'spacer' }),
          h('a', { href: '/status', target: '_blank', class: 'muted' }, '服务状态'),
          h('button', { onclick: logout }, '退出'),
        ),
        main,
      );
      shell = { main, conn };
      sections.clear();
    }
    shell.conn.className = `pill ${ui.connected ? 'on' : ''}`;
    shell.conn.textContent = ui.connected ? '已连接' : '未连接';
    const videos = ui.media.filter((f) => f.kind !== 'audio').map((f) => f.name);
    const children = [
      section(
        'mode',
        'span-7',
        [ui.state, ui.data.hot, ui.data.sale.map((x) => [x.id, x.name, x.begin]), videos],
        () => [...modeCard().childNodes],
      ),
      section('overlay', 'span-5', [ui.state.overlay, ui.data.active, videos], () => [...overlayCard().childNodes]),
      section('health', 'span-7', [ui.status?.clients, Math.floor(Date.now() / 5000)], () => [
        h('h2', {}, '屏幕健康'),
        healthTable(ui.status),
      ]),
      section('notices', 'span-5', [ui.notices, ui.ages, Math.floor(Date.now() / 5000)], () => [
        h('h2', {}, '屏幕通知 toAdmin'),
        h(
          'ul',
          { class: 'notices', testid: 'notices' },
          ...ui.notices.map((n) => h('li', {}, h('time', {}, new Date(n.at).toLocaleTimeString('zh-CN')), n.text)),
          ui.notices.length ? null : h('li', { class: 'muted' }, '暂无通知'),
        ),
        h('h2', { style: 'margin-top:16px' }, '平台数据'),
        agesList(ui.ages),
      ]),
      section('previews', 'span-12', ui.previews, () => [
        h('h2', {}, '实时预览（只读）'),
        previews(ui.previews, (r) => {
          ui.previews = ui.previews.includes(r) ? ui.previews.filter((x) => x !== r) : [...ui.previews, r];
          render();
        }),
      ]),
      section('media', 'span-12', [ui.media, ui.mediaMessage], () => [
        h('h2', {}, '媒体库'),
        mediaPanel(ui.media, upload, removeMedia, ui.mediaMessage),
      ]),
    ];
    if (shell.main.childElementCount !== children.length) shell.main.replaceChildren(...children);
  });
}

async function loadMedia() {
  const res = await fetch(`${ui.mediaBase}/api/media`).catch(() => null);
  if (res?.ok) ui.media = (await res.json()).data;
  render();
}

async function upload(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await fetch(`${ui.mediaBase}/api/media`, {
    method: 'POST',
    body,
    headers: { 'x-control-key': ui.key },
  }).catch(() => null);
  const json = res ? await res.json().catch(() => null) : null;
  ui.mediaMessage = res?.ok ? '' : (json?.msg ?? '上传失败');
  if (res?.ok) toast('上传成功');
  await loadMedia();
}

async function removeMedia(name: string) {
  if (!confirm(`删除 ${name}？`)) return;
  await fetch(`${ui.mediaBase}/api/media/${encodeURIComponent(name)}`, {
    method: 'DELETE',
    headers: { 'x-control-key': ui.key },
  });
  await loadMedia();
}

function onFrame(frame: HubFrame) {
  if (frame.type === 'welcome' && (frame.data as { role: string }).role === 'control') {
    ui.authorized = true;
    sessionStorage.setItem(KEY_STORE, ui.key);
    void loadMedia();
  } else if (frame.type === 'refused' && (frame.data as { type: string }).type === 'hello') {
    sessionStorage.removeItem(KEY_STORE);
    socket?.close();
    socket = null;
    showLogin('控制密钥不正确');
    return;
  } else if (frame.type === 'refused') toast((frame.data as { reason: string }).reason, 'error');
  else if (frame.type === 'snapshot') {
    const snap = frame.data as SnapshotData;
    ui.state = snap.state;
    ui.data = { ...emptyScreenData(), ...(snap.screenData as Partial<ScreenData>) };
    ui.ages = snap.ages;
  } else if (BROADCAST.has(frame.type) && frame.type !== 'toAdmin') {
    ui.state = applyMessage(ui.state, { type: frame.type, data: frame.data } as DisplayMessage).state;
  } else if (frame.type === 'toAdmin') {
    const d = frame.data as { event: string; message?: string; route?: string; at?: number };
    const what =
      d.event === 'videoEnded'
        ? '视频播放结束，三屏已切换为品牌屏'
        : d.event === 'videoError'
          ? '视频无法播放'
          : '通知';
    ui.notices = [{ at: d.at ?? Date.now(), text: `${d.route ?? ''} ${d.message || what}` }, ...ui.notices].slice(
      0,
      50,
    );
  } else if (frame.type === 'screenData') {
    const d = frame.data as { key: keyof ScreenData; value: unknown; age: DataAge };
    (ui.data as unknown as Record<string, unknown>)[d.key] = d.value;
    ui.ages[d.key] = d.age;
  } else if (frame.type === 'dataAge') {
    const d = frame.data as { key: string; age: DataAge };
    ui.ages[d.key] = d.age;
  } else if (frame.type === 'status') {
    ui.status = frame.data as StatusData;
    ui.ages = ui.status.ages;
  } else if (frame.type === 'media') void loadMedia();
  render();
}

async function connect(key: string) {
  ui.key = key;
  const address = await resolveAddress();
  ui.mediaBase = address.mediaBase;
  socket?.close();
  socket = new HubSocket(`${address.wsUrl}/?route=/control`, {
    frame: onFrame,
    open: () => {
      ui.connected = true;
      socket?.send({ type: 'hello', data: { key: ui.key } });
      toast(DISPLAY_MESSAGES.connected);
      render();
    },
    down: (first) => {
      ui.connected = false;
      if (first) toast(DISPLAY_MESSAGES.failed, 'error', 5000);
      if (!ui.authorized) showLogin(DISPLAY_MESSAGES.failed);
      render();
    },
  });
  socket.connect();
}

function logout() {
  shell = null;
  sessionStorage.removeItem(KEY_STORE);
  socket?.close();
  socket = null;
  ui.authorized = false;
  showLogin('');
}

function showLogin(error: string) {
  ui.authorized = false;
  shell = null;
  const input = h('input', {
    type: 'password',
    placeholder: '控制密钥 HUB_CONTROL_KEY',
    autocomplete: 'current-password',
    testid: 'key-input',
  });
  const submit = (e: Event) => {
    e.preventDefault();
    if (input.value.trim()) void connect(input.value.trim());
  };
  app.replaceChildren(
    h(
      'div',
      { class: 'login' },
      h(
        'form',
        { class: 'card', onsubmit: submit },
        h('h1', { class: 'title' }, '大屏控制台'),
        h('p', { class: 'muted', style: 'margin:0 0 12px' }, '输入本场地的控制密钥以操作大屏。'),
        h('label', {}, '控制密钥'),
        input,
        h('div', { class: 'error', testid: 'key-error' }, error),
        h('div', { class: 'actions' }, h('button', { class: 'primary', type: 'submit', testid: 'key-submit' }, '连接')),
      ),
    ),
  );
  input.focus();
}

const fromHash = new URLSearchParams(location.hash.slice(1)).get('key');
if (fromHash) history.replaceState(null, '', location.pathname + location.search);
const previewsParam = new URLSearchParams(location.search).get('previews');
if (previewsParam !== null)
  ui.previews =
    previewsParam && previewsParam !== '0' ? previewsParam.split(',').map((r) => `/${r.replace(/^\//, '')}`) : [];
const saved = fromHash ?? sessionStorage.getItem(KEY_STORE);
if (saved) void connect(saved);
else showLogin('');
