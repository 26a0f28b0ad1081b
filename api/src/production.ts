import { isMarketDemoSecret } from '@toy/shared';
import { like } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { marketLinks, users } from './db/schema.js';
import { DEMO_USERS } from './seed/data.js';

/**
 * Production mode's second look (server.ts, after the database is open): demo records that the
 * configuration cannot show, left in the database by a demo start. One line each, saying what to do.
 */
export async function demoRecordsInForce(db: Db): Promise<string[]> {
  const lines: string[] = [];
  const links = await db.select({ secret: marketLinks.secret }).from(marketLinks);
  const demoLinks = links.filter((l) => isMarketDemoSecret(l.secret)).length;
  if (demoLinks > 0)
    lines.push(
      `market_links: ${demoLinks} marketplace shop link(s) sign with a demo secret (dev-market-…); rotate them on 平台店铺绑定 or start from a fresh database`,
    );
  const domain = DEMO_USERS[0]?.email.split('@')[1] ?? 'demo.local';
  const demoUsers = await db
    .select({ email: users.email })
    .from(users)
    .where(like(users.email, `%@${domain}`));
  if (demoUsers.length > 0)
    lines.push(
      `users: ${demoUsers.length} demo account(s) (…@${domain}, password demo1234) exist; remove them or start from a fresh database with SEED=0`,
    );
  return lines;
}
