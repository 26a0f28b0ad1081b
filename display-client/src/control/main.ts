import './style.css';
import {
  applyMessage,
  DISPLAY_MESSAGE_TYPES,
  DISPLAY_MESSAGES,
  type DisplayMessage,
  emptyScreenData,
  type HubFrame,
  type ScreenData,
  type SnapshotData,
  type StatusData,
  type ToAdminData,
} from '@toy/shared/display';
import { resolveAddress } from '../common/address.js';
import { HubSocket } from '../common/socket.js';
import { venueTime } from '../common/time.js';
import { toast } from '../common/toast.js';
import { modeCard, modeCardKey, overlayCard, syncModeCard } from './cards.js';
import { h } from './dom.js';
import { agesList, healthTable, mediaPanel, previews } from './panels.js';
import { acknowledged, dropCommands, setSender, ui } from './state.js';

const KEY_STORE = 'display-control-key';
/** State broadcasts; `toAdmin` arrives as a notice. */
const BROADCAST = new Set<string>(DISPLAY_MESSAGE_TYPES.filter((t) => t !== 'toAdmin'));
const app = document.getElementById('app')!;
let socket: HubSocket | null = null;
setSender((message: DisplayMessage) => socket?.send(message) ?? false);

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
    const mode = section('mode', 'span-7', modeCardKey(), () => [...modeCard().childNodes]);
    syncModeCard(mode);
    const children = [
      mode,
      section('overlay', 'span-5', [ui.state.overlay, ui.data.active, videos], () => [...overlayCard().childNodes]),
      section('health', 'span-7', [ui.status?.clients, Math.floor(Date.now() / 5000)], () => [
        h('h2', {}, '屏幕健康'),
        healthTable(ui.status),
      ]),
      section('notices', 'span-5', [ui.notices, ui.ages, ui.timeZone, Math.floor(Date.now() / 5000)], () => [
        h('h2', {}, '屏幕通知 toAdmin'),
        h(
          'ul',
          { class: 'notices', testid: 'notices' },
          ...ui.notices.map((n) => h('li', {}, h('time', {}, venueTime(n.at, ui.timeZone)), n.text)),
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

const noticeText = (d: ToAdminData) => `${d.route ?? ''} ${d.message}`;

function onFrame(frame: HubFrame) {
  if (frame.type === 'welcome' && (frame.data as { role: string }).role === 'control') {
    // Connected means let in with the key: a wrong key never reads 连接成功.
    toast(DISPLAY_MESSAGES.connected);
    ui.authorized = true;
    sessionStorage.setItem(KEY_STORE, ui.key);
    void loadMedia();
  } else if (frame.type === 'refused' && (frame.data as { type: string }).type === 'hello') {
    sessionStorage.removeItem(KEY_STORE);
    socket?.close();
    socket = null;
    showLogin('控制密钥不正确');
    return;
  } else if (frame.type === 'refused') {
    toast((frame.data as { reason: string }).reason, 'error');
    acknowledged();
  } else if (frame.type === 'ack') acknowledged();
  else if (frame.type === 'snapshot') {
    const snap = frame.data as SnapshotData;
    ui.state = { ...snap.state, version: frame.version };
    ui.data = { ...emptyScreenData(), ...(snap.screenData as Partial<ScreenData>) };
    if (snap.timeZone) ui.timeZone = snap.timeZone;
    // The ages with their reasons come with the operator's status frames.
    if (!ui.status) ui.ages = snap.ages;
  } else if (BROADCAST.has(frame.type) && frame.type !== 'toAdmin') {
    const next = applyMessage(ui.state, { type: frame.type, data: frame.data } as DisplayMessage).state;
    ui.state = { ...next, version: frame.version };
  } else if (frame.type === 'toAdmin') {
    // The hub words every notice (a screen only reports an event).
    const d = frame.data as ToAdminData;
    ui.notices = [{ at: d.at ?? Date.now(), text: noticeText(d) }, ...ui.notices].slice(0, 50);
  } else if (frame.type === 'notices') {
    // What the hub kept: the notices survive closing and reopening this page.
    const kept = (frame.data as { notices: ToAdminData[] }).notices;
    ui.notices = kept.map((d) => ({ at: d.at ?? Date.now(), text: noticeText(d) }));
  } else if (frame.type === 'screenData') {
    const d = frame.data as { key: keyof ScreenData; value: unknown };
    (ui.data as unknown as Record<string, unknown>)[d.key] = d.value;
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
      render();
    },
    down: (first) => {
      ui.connected = false;
      dropCommands();
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
