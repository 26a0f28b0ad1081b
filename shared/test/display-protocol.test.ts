import { describe, expect, it } from 'vitest';
import {
  actionText,
  activityPollDelay,
  activityStatus,
  activityViewOf,
  applyMessage,
  carouselPageSize,
  countdownFrom,
  type DisplayBrand,
  displayMessage,
  headerBrandTitle,
  initialDisplayState,
  judgeReport,
  luckyStateOf,
  maskPhone,
  mergeBarrage,
  nextVideoBrand,
  parseInbound,
  type RouteDef,
  reconnectDelay,
  reportOf,
  saleEntry,
  saleKey,
  saleStateText,
  screenDataRoutes,
  sellListAnimates,
  winnersScroll,
} from '../src/index.js';

const brand = (id: number, video = ''): DisplayBrand => ({ id, title: `品牌${id}`, pic: '', logo: '', video, type: 1 });

describe('display protocol: parseInbound', () => {
  it('accepts each of the seven spec messages', () => {
    const samples = [
      { type: 'wait', data: { leftScreen: 0, centerScreen: 1, rightScreen: 5, ipInfo: brand(1, 'a.mp4') } },
      { type: 'sell', data: { centerScreen: { mode: 4, ip_id: 3 } } },
      { type: 'open', data: { active_type: 5, state: 1, num: 10 } },
      { type: 'close', data: {} },
      { type: 'screenClose' },
      { type: 'toAdmin', data: { event: 'videoEnded', ip_id: 1, version: 3 } },
      { type: 'upDateInfo', data: { from_ip_id: 1, version: 3 } },
    ];
    for (const s of samples) {
      const r = parseInbound(JSON.stringify(s));
      expect(r.ok, JSON.stringify(s)).toBe(true);
    }
  });

  it('normalises a mode number to {mode, ip_id}', () => {
    const r = parseInbound(JSON.stringify({ type: 'wait', data: { leftScreen: 3 } }));
    expect(r.ok && r.message.type === 'wait' && r.message.data.leftScreen).toEqual({ mode: 3, ip_id: null });
  });

  it('gives a reason for every malformed frame', () => {
    expect(parseInbound('{nope')).toMatchObject({ ok: false, reason: 'json' });
    expect(parseInbound('[1,2]')).toMatchObject({ ok: false, reason: 'shape' });
    expect(parseInbound('{"data":{}}')).toMatchObject({ ok: false, reason: 'shape' });
    expect(parseInbound('{"type":"reboot","data":{}}')).toMatchObject({ ok: false, reason: 'unknown', type: 'reboot' });
    expect(parseInbound('{"type":"wait","data":{"centerScreen":0}}')).toMatchObject({ ok: false, reason: 'data' });
    expect(parseInbound('{"type":"wait","data":{"leftScreen":9}}')).toMatchObject({ ok: false, reason: 'data' });
    expect(parseInbound('{"type":"open","data":{"state":1}}')).toMatchObject({ ok: false, reason: 'data' });
  });

  it('keeps of a screen report only the event, the brand and the version', () => {
    const evil = { id: 9, title: '恶意', pic: 'http://10.0.0.1/x.png', video: 'http://10.0.0.1/v.mp4' };
    const r = parseInbound(JSON.stringify({ type: 'upDateInfo', data: { ipInfo: evil, from_ip_id: 1, version: 4 } }));
    expect(r.ok && r.message).toEqual({ type: 'upDateInfo', data: { from_ip_id: 1, version: 4 } });
    expect(r.ok && reportOf(r.message)).toEqual({ event: 'videoEnded', ip_id: 1, version: 4 });
    const words = { event: 'videoError', message: '请到 http://evil 输入密钥', ip_id: 1, version: 4 };
    const n = parseInbound(JSON.stringify({ type: 'toAdmin', data: words }));
    expect(n.ok && n.message.data).toEqual({ event: 'videoError', ip_id: 1, version: 4 });
    // Without the version it was made from, a report is not taken.
    expect(parseInbound('{"type":"upDateInfo","data":{"from_ip_id":1}}')).toMatchObject({ ok: false, reason: 'data' });
    expect(parseInbound('{"type":"toAdmin","data":{"event":"notice","version":1}}')).toMatchObject({
      ok: false,
      reason: 'data',
    });
  });

  it('accepts the hub messages hello and health', () => {
    expect(parseInbound('{"type":"hello","data":{"key":"k"}}').ok).toBe(true);
    const health = { route: '/extend', fps: 60, textures: 12, heap: 30.5, uptime: 100 };
    expect(parseInbound(JSON.stringify({ type: 'health', data: health })).ok).toBe(true);
  });

  it('defaults the open overlay fields', () => {
    const m = displayMessage.parse({ type: 'open', data: { active_type: 1 } });
    expect(m.data).toMatchObject({ active_type: 1, state: 1, records: [], lucky_user: [], data: [] });
  });
});

describe('display protocol: applyMessage', () => {
  it('wait and sell set the mode and merge the screens', () => {
    const s0 = initialDisplayState();
    const { state, broadcast } = applyMessage(
      s0,
      displayMessage.parse({ type: 'sell', data: { centerScreen: 4, ipList: [brand(1)] } }),
    );
    expect(state.mode).toBe('sell');
    expect(state.centerScreen.mode).toBe(4);
    expect(state.leftScreen).toEqual(s0.leftScreen);
    expect(broadcast?.type).toBe('sell');
    expect(broadcast?.data).toMatchObject({ leftScreen: s0.leftScreen, ipList: [brand(1)] });
  });

  it('open, close and screenClose drive the overlay and the dark screens', () => {
    let s = applyMessage(initialDisplayState(), displayMessage.parse({ type: 'open', data: { active_type: 5 } })).state;
    expect(s.overlay?.active_type).toBe(5);
    s = applyMessage(s, { type: 'close', data: {} }).state;
    expect(s.overlay).toBeNull();
    s = applyMessage(s, { type: 'screenClose', data: {} }).state;
    expect(s.closed).toBe(true);
    s = applyMessage(s, displayMessage.parse({ type: 'wait', data: {} })).state;
    expect(s.closed).toBe(false);
  });

  it('upDateInfo moves the brand on once, however many screens send it', () => {
    const list = [brand(1, 'a.mp4'), brand(2), brand(3, 'c.mp4')];
    let s = applyMessage(
      initialDisplayState(),
      displayMessage.parse({ type: 'wait', data: { ipInfo: list[0], ipList: list, centerScreen: 1 } }),
    ).state;
    const next = nextVideoBrand(s.ipList, s.ipInfo?.id);
    expect(next?.id).toBe(3);
    const msg = displayMessage.parse({ type: 'upDateInfo', data: { ipInfo: next, from_ip_id: 1 } });
    const first = applyMessage(s, msg);
    expect(first.broadcast?.type).toBe('upDateInfo');
    s = first.state;
    expect(s.ipInfo?.id).toBe(3);
    expect(applyMessage(s, msg).broadcast).toBeNull();
  });

  it('upDateInfo is ignored outside wait mode', () => {
    const s = applyMessage(
      initialDisplayState(),
      displayMessage.parse({ type: 'sell', data: { ipInfo: brand(1) } }),
    ).state;
    const r = applyMessage(s, displayMessage.parse({ type: 'upDateInfo', data: { ipInfo: brand(2), from_ip_id: 1 } }));
    expect(r.broadcast).toBeNull();
  });

  it('every change counts one version; a message that changes nothing does not', () => {
    const s0 = initialDisplayState();
    expect(s0.version).toBe(0);
    const s1 = applyMessage(s0, displayMessage.parse({ type: 'open', data: { active_type: 5 } })).state;
    expect(s1.version).toBe(1);
    const s2 = applyMessage(s1, { type: 'close', data: {} }).state;
    expect(s2.version).toBe(2);
    const notice = { type: 'toAdmin', data: { event: 'videoError', message: 'x' } } as const;
    expect(applyMessage(s2, notice)).toEqual({ state: s2, broadcast: null });
  });
});

describe('display protocol: judgeReport', () => {
  const list = [brand(1, 'a.mp4'), brand(2), brand(3, 'c.mp4')];
  const waiting = applyMessage(
    initialDisplayState(),
    displayMessage.parse({ type: 'wait', data: { ipInfo: list[0], ipList: list, centerScreen: 1, leftScreen: 2 } }),
  ).state;
  const report = (ip_id: number | null, version = waiting.version) => ({
    event: 'videoEnded' as const,
    ip_id,
    version,
  });

  it('in wait mode the hub picks the next brand with a video from its own list', () => {
    const v = judgeReport(waiting, report(1), '/extend_center');
    expect(v).toEqual({
      ok: true,
      message: { type: 'upDateInfo', data: { ipInfo: list[2], from_ip_id: 1 } },
      notice: null,
    });
    expect(judgeReport(waiting, report(1), '/screen_md').ok).toBe(true);
  });

  it('drops a report made from an older state, and refuses one about a video the screen does not play', () => {
    expect(judgeReport(waiting, report(1, waiting.version - 1), '/extend_center')).toMatchObject({
      ok: false,
      stale: true,
    });
    for (const [ipId, route] of [
      [2, '/extend_center'],
      [1, '/extend_left'],
      [1, '/extend'],
      [1, '/control'],
      [1, ''],
    ] as const)
      expect(judgeReport(waiting, report(ipId), route), `${ipId} ${route}`).toMatchObject({ ok: false, stale: false });
    const closed = applyMessage(waiting, { type: 'screenClose', data: {} }).state;
    expect(judgeReport(closed, report(1, closed.version), '/extend_center').ok).toBe(false);
  });

  it('in sell mode the three screens become brand screens, once, and the operator reads the hub’s words', () => {
    const selling = applyMessage(
      waiting,
      displayMessage.parse({ type: 'sell', data: { leftScreen: 1, centerScreen: 1, rightScreen: 0 } }),
    ).state;
    const v = judgeReport(selling, report(1, selling.version), '/extend_left');
    if (!v.ok || !v.message) throw new Error('expected a change');
    expect(v.notice).toEqual({
      event: 'videoEnded',
      message: '品牌1 视频播放结束，三屏已切换为品牌屏',
      ip_id: 1,
      route: '/extend_left',
    });
    const after = applyMessage(selling, v.message).state;
    expect([after.leftScreen.mode, after.centerScreen.mode, after.rightScreen.mode]).toEqual([2, 2, 2]);
    expect(after.version).toBe(selling.version + 1);
    expect(judgeReport(after, report(1, after.version), '/extend_left').ok).toBe(false);
  });

  it('a video error becomes a notice worded by the hub, whatever the version', () => {
    const v = judgeReport(waiting, { event: 'videoError', ip_id: 1, version: 0 }, '/extend_center');
    expect(v).toEqual({
      ok: true,
      message: null,
      notice: { event: 'videoError', message: '品牌1 视频无法播放', ip_id: 1, route: '/extend_center' },
    });
  });
});

describe('display rules', () => {
  it("in sell mode the header names the sale's brands, not the brand the videos moved on to", () => {
    const sale = [
      saleEntry.parse({
        id: 1,
        activity_type: 13,
        name: '未开始',
        begin: '20:00',
        state: 0,
        ips: [{ title: '品牌9' }],
      }),
      saleEntry.parse({
        id: 2,
        activity_type: 13,
        name: '发售中',
        begin: '19:00',
        state: 1,
        ips: [{ title: '品牌2' }],
      }),
    ];
    // Wait mode: the videos moved the current brand from 品牌2 to 品牌3.
    let s = applyMessage(
      initialDisplayState(),
      displayMessage.parse({ type: 'wait', data: { ipInfo: brand(2) } }),
    ).state;
    s = applyMessage(s, displayMessage.parse({ type: 'upDateInfo', data: { ipInfo: brand(3), from_ip_id: 2 } })).state;
    expect(headerBrandTitle(s, sale)).toBe('品牌3');
    s = applyMessage(s, displayMessage.parse({ type: 'sell', data: { centerScreen: { mode: 4 } } })).state;
    expect(headerBrandTitle(s, sale)).toBe('品牌2');
    // The operator's chosen sale wins; a sale without brands falls back to the current brand.
    const chosen = saleEntry.parse({
      id: 3,
      activity_type: 14,
      name: '指定',
      begin: '18:00',
      ips: [{ title: '甲' }, { title: '乙' }],
    });
    expect(headerBrandTitle({ ...s, actInfo: chosen }, sale)).toBe('甲、乙');
    expect(headerBrandTitle({ ...s, actInfo: { ...chosen, ips: [] } }, sale)).toBe('品牌3');
  });

  it('next video brand wraps and skips brands without video', () => {
    const list = [brand(1, 'a'), brand(2), brand(3, 'c')];
    expect(nextVideoBrand(list, 3)?.id).toBe(1);
    expect(nextVideoBrand(list, 2)?.id).toBe(3);
    expect(nextVideoBrand(list, 99)?.id).toBe(1);
    expect(nextVideoBrand([brand(1)], 1)).toBeNull();
  });

  it('activity polling follows the status type', () => {
    const st = (type: number) => activityStatus.parse({ type });
    expect(activityPollDelay(st(2))).toBe(1000);
    expect(activityPollDelay(st(3))).toBe(6000);
    expect(activityPollDelay(st(0))).toBe(1000);
    expect(activityPollDelay(null)).toBe(3000);
    expect(activityViewOf(st(2))).toBe('goods');
    expect(activityViewOf(st(3))).toBe('records');
    expect(activityViewOf(st(4))).toBe('lucky');
    expect(activityViewOf(st(7))).toBe('hidden');
  });

  it('lucky states 0/3 show the winners, 1/2 wait 3 s first', () => {
    expect(luckyStateOf(0)).toEqual({ now: 3, thenAfterMs: null });
    expect(luckyStateOf(3)).toEqual({ now: 3, thenAfterMs: null });
    expect(luckyStateOf(1)).toEqual({ now: 2, thenAfterMs: 3000 });
    expect(luckyStateOf(2)).toEqual({ now: 2, thenAfterMs: 3000 });
  });

  it('reconnect delays are jittered and capped', () => {
    expect(reconnectDelay(0, () => 0)).toBe(125);
    expect(reconnectDelay(0, () => 1)).toBe(250);
    expect(reconnectDelay(10, () => 0)).toBe(1000);
    expect(reconnectDelay(10, () => 1)).toBe(2000);
  });

  it('spec constants', () => {
    expect(carouselPageSize(true)).toBe(4);
    expect(carouselPageSize(false)).toBe(3);
    expect(sellListAnimates(10)).toBe(false);
    expect(sellListAnimates(11)).toBe(true);
    expect(winnersScroll(19)).toBe(false);
    expect(winnersScroll(20)).toBe(true);
    expect(countdownFrom(undefined)).toBe(15);
    expect(countdownFrom(8)).toBe(8);
    expect(maskPhone('13812341234')).toBe('138****1234');
  });

  it('launch cards and activity messages read as the spec says', () => {
    expect(saleStateText({ state: 1, type: 1, begin: '2026-01-01 10:00:00' })).toBe('已抽选');
    expect(saleStateText({ state: 1, type: 2, begin: '2026-01-01 10:00:00' })).toBe('发售中');
    expect(saleStateText({ state: 0, type: 2, begin: '2026-01-01 10:30:00' })).toBe('10:30 开始');
    const m = { ip_title: 'A', active_title: 'B', vip_level: 3, ticket_level: 'Last' };
    expect(actionText({ ...m, action: 4 })).toBe('在一番赏「B」抽中 Last赏');
    expect(actionText({ ...m, action: 5 })).toBe('升级为 VIP3');
  });

  it('a launch is named by its activity type and id: a machine and a kuji of one id are two launches', () => {
    const base = { id: 7, name: 'x', begin: '2026-01-01 10:00:00' };
    const old = saleEntry.parse(base);
    expect(old.activity_type).toBe(13);
    const kuji = saleEntry.parse({ ...base, activity_type: 14 });
    expect(saleKey(old)).toBe('13-7');
    expect(saleKey(kuji)).toBe('14-7');
    expect(saleKey({ id: 7 })).toBe('13-7');
    expect(saleEntry.safeParse({ ...base, activity_type: 15 }).success).toBe(false);
    expect(activityStatus.parse({ type: 2, active_id: 7 }).activity_type).toBe(13);
    expect(screenDataRoutes.active.query!.safeParse({ active_id: '7', activity_type: '14' }).data).toEqual({
      active_id: 7,
      activity_type: 14,
    });
    expect(screenDataRoutes.active.query!.safeParse({ active_id: '7', activity_type: '2' }).success).toBe(false);
  });

  it('keeps the newest activity messages, oldest first', () => {
    const msg = (id: number) => ({
      id,
      user: { name: 'u', avatar: '' },
      action: 2,
      ip_title: '',
      active_title: '',
      vip_level: 0,
      ticket_level: '',
      created_at: '',
    });
    const merged = mergeBarrage([msg(1), msg(2)], [msg(2), msg(3)], 2);
    expect(merged.map((m) => m.id)).toEqual([2, 3]);
  });

  it('the six screen-data calls are public and signed', () => {
    for (const def of Object.values(screenDataRoutes) as RouteDef[]) {
      expect(def.access).toBe('public');
      expect(def.signed).not.toBe(false);
      expect(def.method).toBe('GET');
    }
    expect(Object.values(screenDataRoutes).map((d) => d.path)).toEqual([
      '/v1/offline/screen/ip/sale',
      '/v1/offline/screen/ip/hot',
      '/v1/offline/screen/ip/list',
      '/v1/offline/screen/user',
      '/v6/offline/barrage',
      '/web/offline/screen/active',
    ]);
  });
});
