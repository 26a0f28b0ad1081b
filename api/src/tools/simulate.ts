import { apiClient, defaultApiUrl } from './client.js';
import { fillDemo } from './demo-fill.js';
import { simulate } from './simulate-core.js';

/**
 * `npm run simulate -- --minutes N [--players 20] [--think 300] [--merchant EMAIL] [--api URL]`: a
 * crowd of players drawing, depositing and picking up against the local API (started with `npm
 * start`). `--demo-fill`: the first start's demo instead, every demo merchant in turn (demo-fill.ts).
 */
const args = process.argv.slice(2);
if (args.includes('--demo-fill')) {
  await fillDemo(apiClient(args[args.indexOf('--api') + 1] ?? defaultApiUrl()), { log: (line) => console.log(line) });
  process.exit(0);
}
const opt = (name: string, def: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const minutes = Number(opt('--minutes', '1'));
const client = apiClient(opt('--api', defaultApiUrl()));
console.log(`simulating ${opt('--players', '20')} players for ${minutes} min against ${client.base}`);
const summary = await simulate(client, {
  minutes,
  players: Number(opt('--players', '20')),
  thinkMs: Number(opt('--think', '300')),
  merchant: { email: opt('--merchant', 'brand@demo.local'), password: opt('--password', 'demo1234') },
  log: (line) => console.log(line),
});
console.log(
  `done: ${summary.draws} draws, ${summary.pickups} pickups (${summary.overseasPickups} overseas), ${summary.orders} orders, ${summary.subscriptions} subscription applications, ${summary.soldOutAnswers} sold-out answers, ${summary.errors} errors`,
);
if (summary.couponClaims !== undefined)
  console.log(`coupons: ${summary.couponClaims} claims, ${summary.couponUses ?? 0} spent on draws`);
if (summary.kuji && summary.kuji.kujis > 0)
  console.log(
    `kuji: ${summary.kuji.draws} draws, ${summary.kuji.tickets} tickets, ${summary.kuji.prizes} Last/W prizes, ${summary.kuji.boxesSoldOut} box(es) sold out, ${summary.kuji.errors} errors`,
  );
if (summary.scratch && summary.scratch.cards > 0)
  console.log(
    `scratch: ${summary.scratch.redeemed} codes redeemed, ${summary.scratch.refusedUsed} second redemptions and ${summary.scratch.refusedWrong} wrong codes refused, ${summary.scratch.errors} errors`,
  );
if (summary.toy && summary.toy.toys > 0)
  console.log(
    `toy: ${summary.toy.toys} toys, ${summary.toy.scenes} scenes, ${summary.toy.moments} moments (${summary.toy.approved} approved, ${summary.toy.rejected} rejected), ${summary.toy.received} items received from ${summary.toy.draws} draws, ${summary.toy.errors} errors`,
  );
if (summary.exchange && summary.exchange.methods > 0)
  console.log(
    `exchange: ${summary.exchange.wallpapers} wallpapers, ${summary.exchange.methods} exchange methods, ${summary.exchange.claims} claims, ${summary.exchange.refusedAgain} second claims, ${summary.exchange.refusedPoints} short of points and ${summary.exchange.refusedRelation} without the related orders refused, ${summary.exchange.errors} errors`,
  );
if (summary.skin && summary.skin.skins > 0)
  console.log(
    `skin: ${summary.skin.skins} skins submitted, ${summary.skin.approved} approved, ${summary.skin.rejected} rejected, ${summary.skin.claims} claimed by players, ${summary.skin.errors} errors`,
  );
