import { type DataAge, SCREEN_ROUTES, type StatusData } from '@toy/shared/display';
import { ago, fmtBytes, h } from './dom.js';

const DATA_LABELS: Record<string, string> = {
  sale: '今日发售',
  hot: '热门品牌',
  user: '欧皇榜',
  barrage: '动态消息',
  active: '活动状态',
};
const ROLE: Record<string, string> = { screen: '屏幕', preview: '预览', control: '控制台' };

/** Each connected screen's health, from the hub's status frames. */
export function healthTable(status: StatusData | null): HTMLElement {
  const clients = (status?.clients ?? []).filter((c) => c.role !== 'control');
  if (!clients.length) return h('p', { class: 'muted' }, '暂无屏幕连接');
  return h(
    'table',
    { testid: 'health-table' },
    h(
      'thead',
      {},
      h('tr', {}, ...['屏幕', '角色', '在线', 'FPS', 'GPU 纹理', '内存', '心跳'].map((t) => h('th', {}, t))),
    ),
    h(
      'tbody',
      {},
      ...clients.map((c) =>
        h(
          'tr',
          {},
          h('td', {}, c.route || c.id),
          h('td', {}, ROLE[c.role] ?? c.role),
          h('td', {}, ago(c.connected_at).replace('前', '')),
          h('td', { class: 'n' }, c.health ? c.health.fps.toFixed(0) : '—'),
          h('td', { class: 'n' }, c.health ? String(c.health.textures) : '—'),
          h('td', { class: 'n' }, c.health ? `${c.health.heap.toFixed(1)} MB` : '—'),
          h('td', {}, c.last_pong ? ago(c.last_pong) : '—'),
        ),
      ),
    ),
  );
}

/** How old each copy of the platform data is. */
export function agesList(ages: Record<string, DataAge>): HTMLElement {
  return h(
    'table',
    { testid: 'ages' },
    h(
      'tbody',
      {},
      ...Object.entries(ages).map(([k, a]) =>
        h(
          'tr',
          {},
          h('td', {}, DATA_LABELS[k] ?? k),
          h('td', { class: a.error ? (a.ok_at ? 'warn' : 'bad') : 'ok' }, ago(a.ok_at)),
          h('td', { class: 'muted' }, a.error ?? '正常'),
        ),
      ),
    ),
  );
}

const PREVIEW_LABELS: Record<string, string> = {
  '/extend_left': '左屏',
  '/extend_center': '中屏',
  '/extend_right': '右屏',
  '/screen_md': '门店屏',
  '/extend': '活动屏',
};

/** A preview is a thumbnail: a capped frame rate keeps the control tablet responsive with previews open. */
export const PREVIEW_FPS = 10;

/** Live previews: the screens in admin=1 mode (muted, sending nothing). */
export function previews(enabled: string[], toggle: (route: string) => void): HTMLElement {
  return h(
    'div',
    {},
    h(
      'div',
      { class: 'actions', style: 'margin-top:0' },
      ...SCREEN_ROUTES.map((r) =>
        h(
          'button',
          {
            class: enabled.includes(r) ? 'cyan' : '',
            onclick: () => toggle(r),
            testid: `preview-toggle-${r.slice(1)}`,
          },
          PREVIEW_LABELS[r] ?? r,
        ),
      ),
    ),
    h(
      'div',
      { class: 'previews', style: 'margin-top:12px' },
      enabled.length
        ? null
        : h(
            'p',
            { class: 'muted', testid: 'previews-hint' },
            '点击上方屏幕名称打开预览；每个预览都是一块实时画面，平板上建议只开一个',
          ),
      ...enabled.map((r) =>
        h(
          'div',
          { class: 'preview' },
          h('div', { class: 'cap' }, h('span', {}, PREVIEW_LABELS[r] ?? r), h('span', {}, r)),
          h(
            'div',
            { class: 'frame' },
            h('iframe', {
              src: `${r}?admin=1&fps=${PREVIEW_FPS}`,
              title: `${r} 预览`,
              loading: 'lazy',
              testid: `preview-${r.slice(1)}`,
            }),
          ),
        ),
      ),
    ),
  );
}

export interface MediaFile {
  name: string;
  kind: 'video' | 'audio' | 'image';
  size: number;
}

/** The media library: upload, list and delete (the control key goes in a header). */
export function mediaPanel(
  files: MediaFile[],
  upload: (file: File) => void,
  remove: (name: string) => void,
  message: string,
): HTMLElement {
  const input = h('input', { type: 'file', accept: 'video/*,audio/*,image/*', testid: 'media-file' });
  const kinds: Record<string, string> = { video: '视频', audio: '音频', image: '图片' };
  return h(
    'div',
    {},
    h(
      'div',
      { class: 'row' },
      input,
      h(
        'button',
        { class: 'primary', testid: 'media-upload', onclick: () => input.files?.[0] && upload(input.files[0]) },
        '上传',
      ),
    ),
    h(
      'p',
      { class: 'muted', style: 'margin:8px 0 0' },
      '音效可用 sell / final / lucky / draw 命名（.mp3 .ogg .wav），其余视频与图片可分配给品牌。',
    ),
    h('div', { class: 'error', testid: 'media-message' }, message),
    h(
      'div',
      { class: 'media-list', testid: 'media-list' },
      ...files.map((f) =>
        h(
          'div',
          { class: 'media-item' },
          h('span', { class: 'kind' }, kinds[f.kind] ?? f.kind),
          h(
            'a',
            {
              href: `/media/${encodeURIComponent(f.name)}`,
              target: '_blank',
              style: 'color:inherit;overflow:hidden;text-overflow:ellipsis',
            },
            f.name,
          ),
          h('span', { class: 'muted' }, fmtBytes(f.size)),
          h('button', { class: 'danger', onclick: () => remove(f.name) }, '删除'),
        ),
      ),
      files.length ? null : h('p', { class: 'muted' }, '媒体库为空'),
    ),
  );
}
