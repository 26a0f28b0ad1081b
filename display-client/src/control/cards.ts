import {
  CENTER_MODE_LABELS,
  type DisplayBrand,
  type DisplayMessage,
  type DisplayState,
  type DisplayUser,
  SCREEN_ACTIVITY,
  type ScreenSlot,
  SIDE_MODE_LABELS,
  saleKey,
} from '@toy/shared/display';
import { h, options } from './dom.js';
import { command, send, ui } from './state.js';

type SlotKey = 'leftScreen' | 'centerScreen' | 'rightScreen';
const SLOTS: { key: SlotKey; title: string; labels: Record<number, string> }[] = [
  { key: 'leftScreen', title: '左屏', labels: SIDE_MODE_LABELS },
  { key: 'centerScreen', title: '中屏', labels: CENTER_MODE_LABELS },
  { key: 'rightScreen', title: '右屏', labels: SIDE_MODE_LABELS },
];

/**
 * Brands the operator can put on the screens: every brand the venue shows (the platform's brand list,
 * the hot list and the brands of today's launches), with the current list's settings (videos).
 */
function brandChoices(s: DisplayState = ui.state): DisplayBrand[] {
  const byId = new Map<number, DisplayBrand>();
  for (const b of [...ui.data.hot, ...ui.data.brands])
    if (!byId.has(b.id)) byId.set(b.id, { id: b.id, title: b.name, pic: b.pic, logo: b.logo, video: '', type: 1 });
  for (const e of ui.data.sale)
    for (const ip of e.ips)
      if (ip.id && !byId.has(ip.id))
        byId.set(ip.id, { id: ip.id, title: ip.title, pic: '', logo: '', video: '', type: 1 });
  for (const b of s.ipList) byId.set(b.id, { ...byId.get(b.id), ...b });
  if (s.ipInfo && !byId.has(s.ipInfo.id)) byId.set(s.ipInfo.id, s.ipInfo);
  return [...byId.values()];
}

type Change = Partial<Record<SlotKey, ScreenSlot>> & {
  ipInfo?: DisplayBrand | null;
  ipList?: DisplayBrand[];
  actInfo?: DisplayState['actInfo'];
};

/**
 * Send the mode (the one given, else the current one; wait when none) with only what changes (the
 * hub keeps the rest and broadcasts the whole). Both are worked out when the command's turn comes,
 * from the state the previous command left.
 */
function push(change: (s: DisplayState) => Change, mode?: 'wait' | 'sell') {
  command((s) => ({ type: mode ?? s.mode ?? 'wait', data: change(s) }) as DisplayMessage);
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

/**
 * What the mode card is built from: its section is rebuilt only when this changes. The current brand
 * (`ipInfo`) is left out: in wait mode it moves on with every video, and the card sets it in place
 * (syncModeCard), so its selects keep their element, focus and open list while the videos rotate.
 */
export function modeCardKey(): unknown {
  const s = ui.state;
  return [
    s.mode,
    s.closed,
    s.leftScreen,
    s.centerScreen,
    s.rightScreen,
    s.actInfo ? saleKey(s.actInfo) : null,
    s.ipList,
    brandChoices(),
    ui.data.sale.map((x) => [saleKey(x), x.name, x.begin]),
    ui.media.filter((f) => f.kind === 'video').map((f) => f.name),
  ];
}

/** The current brand shown in the card, set in place; not while the operator is choosing one. */
function syncIpInfo(select: HTMLSelectElement): void {
  if (document.activeElement === select) return;
  const value = ui.state.ipInfo ? String(ui.state.ipInfo.id) : '';
  if (select.value !== value) select.value = value;
}

/** Bring a built mode card up to the state's current brand. */
export function syncModeCard(card: HTMLElement): void {
  const select = card.querySelector<HTMLSelectElement>('[data-testid="ip-info"]');
  if (select) syncIpInfo(select);
}

export function modeCard(): HTMLElement {
  const s = ui.state;
  const brands = brandChoices();
  const brandOptions = [
    { value: '', label: '（未选择）' },
    ...brands.map((b) => ({ value: String(b.id), label: b.title })),
  ];
  const ipInfo = h('select', {
    testid: 'ip-info',
    onchange: (e: Event) => {
      const id = (e.target as HTMLSelectElement).value;
      push((now) => ({ ipInfo: brandChoices(now).find((b) => String(b.id) === id) ?? null }));
    },
  });
  options(ipInfo, brandOptions, s.ipInfo ? String(s.ipInfo.id) : '');
  // Left without choosing: show the brand playing now.
  ipInfo.addEventListener('blur', () => syncIpInfo(ipInfo));
  const act = h('select', {
    testid: 'act-info',
    onchange: (e: Event) => {
      const id = (e.target as HTMLSelectElement).value;
      push(() => ({ actInfo: ui.data.sale.find((x) => saleKey(x) === id) ?? null }));
    },
  });
  options(
    act,
    [
      { value: '', label: '（自动：进行中的发售）' },
      ...ui.data.sale.map((x) => ({
        value: saleKey(x),
        label: `${x.begin.slice(11, 16)} ${x.name}${x.activity_type === SCREEN_ACTIVITY.kuji ? '（一番赏）' : ''}`,
      })),
    ],
    s.actInfo ? saleKey(s.actInfo) : '',
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
      const checked = check.checked;
      push((now) => {
        const list = now.ipList.filter((x) => x.id !== b.id);
        const next = checked
          ? [
              ...brandChoices(now)
                .filter((x) => x.id === b.id || list.some((y) => y.id === x.id))
                .map((x) => (x.id === b.id ? entry : (list.find((y) => y.id === x.id) ?? x))),
            ]
          : list;
        return { ipList: next, ipInfo: now.ipInfo?.id === b.id && checked ? entry : now.ipInfo };
      });
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
      onchange: (e: Event) => {
        const value = Number((e.target as HTMLSelectElement).value);
        push((now) => ({ [key]: { ...now[key], mode: value } }));
      },
    });
    options(
      mode,
      Object.entries(labels).map(([v, l]) => ({ value: v, label: `${v} · ${l}` })),
      String(s[key].mode),
    );
    const brand = h('select', {
      testid: `brand-${key}`,
      onchange: (e: Event) => {
        const ipId = Number((e.target as HTMLSelectElement).value) || null;
        push((now) => ({ [key]: { ...now[key], ip_id: ipId } }));
      },
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
          { class: s.mode === 'wait' ? 'active' : '', testid: 'mode-wait', onclick: () => push(() => ({}), 'wait') },
          '待机 wait',
        ),
        h(
          'button',
          { class: s.mode === 'sell' ? 'active' : '', testid: 'mode-sell', onclick: () => push(() => ({}), 'sell') },
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

export function overlayCard(): HTMLElement {
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
