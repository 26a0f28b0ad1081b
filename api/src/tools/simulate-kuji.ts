import { type apiClient, COINS_SHORT, simulatedPlayerCode } from './client.js';

type Client = ReturnType<typeof apiClient>;

export interface KujiSummary {
  /** Kujis on sale when the crowd started. */
  kujis: number;
  draws: number;
  tickets: number;
  /** Last and global prizes given. */
  prizes: number;
  /** Boxes this crowd drew to the end. */
  boxesSoldOut: number;
  soldOutAnswers: number;
  errors: number;
}

interface OpenBox {
  kujiId: number;
  boxNo: number;
  remaining: number;
  /** Tickets in the box: a draw ending at this position sold it out. */
  tickets: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A kuji with this many tickets left or fewer is drawn to the end, even after the time is up. */
const FINISH_TICKETS = 10;
/** How long past the deadline the crowd may go on for that (and for a kuji nobody drew yet). */
const OVERTIME_MS = 60_000;

/**
 * Simulated 一番赏 players beside the draw-machine crowd: when approved kujis are on sale
 * (player.kujis), `players` players draw 1–3 tickets at a time, mostly from the box with the fewest
 * tickets left, so some boxes (and, when they are small, whole kujis) sell out; with `keepLastBox` a
 * kuji of several boxes keeps its last one and stays on sale. However short the
 * time, every kuji on sale gets draws and a kuji with a handful of tickets left sells out: the crowd
 * goes on past the deadline (a minute at most) until both hold. Nothing happens when no kuji is on
 * sale. `finish()` waits for the crowd and answers what it did.
 */
export function startKuji(
  { call, api }: Client,
  opts: { players: number; deadline: number; thinkMs: number; keepLastBox?: boolean; log?: (line: string) => void },
) {
  const summary: KujiSummary = {
    kujis: 0,
    draws: 0,
    tickets: 0,
    prizes: 0,
    boxesSoldOut: 0,
    soldOutAnswers: 0,
    errors: 0,
  };
  let boxes: OpenBox[] = [];
  /** Each kuji's boxes, sold out or not. */
  const boxCount = new Map<number, number>();
  /**
   * A box the crowd may draw from. With `keepLastBox`, a kuji of several boxes keeps its last open
   * box, so however fast the machine, a kuji stays on sale with draws while the one-box kujis sell out.
   */
  const drawable = (box: OpenBox) =>
    !opts.keepLastBox ||
    (boxCount.get(box.kujiId) ?? 1) === 1 ||
    boxes.some((b) => b.kujiId === box.kujiId && b !== box);
  /** The kujis this crowd drew from. */
  const drawnFrom = new Set<number>();
  const ticketsLeft = (kujiId: number) =>
    boxes.filter((b) => b.kujiId === kujiId).reduce((n, b) => n + Math.max(0, b.remaining), 0);
  /** A kuji on sale nobody drew from yet, or one nearly sold out. */
  const unfinished = (kujiId: number) => {
    const left = ticketsLeft(kujiId);
    return left > 0 && (!drawnFrom.has(kujiId) || left <= FINISH_TICKETS);
  };
  const drawing = () =>
    boxes.length > 0 &&
    (Date.now() < opts.deadline ||
      (Date.now() < opts.deadline + OVERTIME_MS && boxes.some((b) => unfinished(b.kujiId))));
  const refresh = async () => {
    const res = await call(api.player.kujis, {});
    const list = res.data?.list ?? [];
    for (const k of list) boxCount.set(k.id, k.boxes.length);
    boxes = list.flatMap((k) =>
      k.boxes
        .filter((b) => b.remaining > 0)
        .map((b) => ({ kujiId: k.id, boxNo: b.box_no, remaining: b.remaining, tickets: b.tickets })),
    );
    return list.length;
  };

  const runPlayer = async (i: number) => {
    const phone = `187${String(Date.now() % 100000).padStart(5, '0')}${String(i).padStart(3, '0')}`;
    const login = await call(api.player.login, { phone, code: simulatedPlayerCode(), nickname: `一番赏玩家${i}` });
    const headers = { player_token: (login.data as { player_token: string }).player_token };
    let coinsLeft = true;
    while (drawing()) {
      // After the deadline, only what is left to finish.
      const allowed = boxes.filter(drawable);
      const open = Date.now() < opts.deadline ? allowed : allowed.filter((b) => unfinished(b.kujiId));
      if (open.length === 0) break;
      const sorted = [...open].sort((a, b) => a.remaining - b.remaining);
      const box = Math.random() < 0.8 ? sorted[0]! : sorted[Math.floor(Math.random() * sorted.length)]!;
      const num = Math.min(box.remaining, 1 + Math.floor(Math.random() * 3));
      const res = await call(
        api.player.kujiDraw,
        { active_id: box.kujiId, box_no: box.boxNo, num, use_bean: coinsLeft && Math.random() < 0.5 ? 1 : 0 },
        headers,
      );
      if (res.status === 0) {
        summary.draws += 1;
        drawnFrom.add(box.kujiId);
        summary.tickets += res.data.tickets.length;
        summary.prizes += res.data.awards.length;
        box.remaining -= res.data.tickets.length;
        if (res.data.tickets.at(-1)?.position === box.tickets) summary.boxesSoldOut += 1;
        if (box.remaining <= 0) boxes = boxes.filter((b) => b.kujiId !== box.kujiId || b.boxNo !== box.boxNo);
      } else if (res.status === 400 && res.msg.startsWith(COINS_SHORT)) {
        coinsLeft = false; // the balance no longer covers the deduction: draw without coins
      } else if (res.status === 409 || res.status === 400) {
        // Another player took the tickets first: look again.
        summary.soldOutAnswers += 1;
        await refresh().catch(() => undefined);
      } else summary.errors += 1;
      await sleep(opts.thinkMs * (0.5 + Math.random()));
    }
  };

  const done = (async () => {
    summary.kujis = await refresh();
    if (summary.kujis === 0) return;
    opts.log?.(`${summary.kujis} kuji(s) on sale, ${boxes.length} open box(es)`);
    await Promise.all(Array.from({ length: opts.players }, (_, i) => runPlayer(i)));
  })();
  return {
    finish: async () => {
      await done;
      return summary;
    },
  };
}
