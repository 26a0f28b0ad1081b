import { isIP } from 'node:net';
import { messages } from '@toy/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { LoginLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';
import { HttpError, httpError } from '../../lib/errors.js';

/**
 * Login throttling (table login_failures): every password check (merchant login, the phone's QR
 * confirmation, waybill accounts) runs through `throttledLogin`. Within the window, an account
 * with `perAccount` failures from this address, or this address with `perAddress` failures on any
 * accounts, answers 429 操作过于频繁，请稍后再试 without checking the password. Failures are counted
 * per account *and* address, so a stranger's wrong passwords never lock the account's owner out at
 * another address. The rows are in the database, so the limits hold across API copies.
 *
 * The attempt is written before the password is checked and counted with the others, so a burst of
 * parallel attempts cannot slip past the limit between a count and a write; a refused attempt and a
 * successful one remove their row (a success also forgets that address's earlier failures on the
 * account), a failed one keeps it. Another address's failures on other accounts never block a login.
 */
export type LoginScope = 'merchant' | 'erp';

/** The client's address as counted: IPv4 as is (also when IPv4-mapped), IPv6 as its /64 network. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export async function throttledLogin<T>(
  db: Db,
  limits: LoginLimits,
  request: FastifyRequest,
  scope: LoginScope,
  name: string,
  check: () => Promise<T>,
): Promise<T> {
  const account = `${scope}:${name.trim().toLowerCase()}`;
  const address = addressKey(request.ip);
  const since = sql`now() - make_interval(secs => ${limits.windowMinutes * 60})`;
  const [attempt] = await db.insert(loginFailures).values({ account, address }).returning({ id: loginFailures.id });
  const forget = (where = eq(loginFailures.id, attempt!.id)) => db.delete(loginFailures).where(where);
  const [counts] = await db
    .select({
      account:
        sql<number>`count(*) filter (where ${loginFailures.account} = ${account} and ${loginFailures.address} = ${address})`.mapWith(
          Number,
        ),
      address: sql<number>`count(*) filter (where ${loginFailures.address} = ${address})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.address, address), sql`${loginFailures.at} > ${since}`));
  // Counts include this attempt: N earlier failures allow the attempt while N < the limit.
  if ((counts?.account ?? 0) > limits.perAccount || (counts?.address ?? 0) > limits.perAddress) {
    await forget();
    throw httpError(429, messages.auth.tooManyAttempts);
  }
  try {
    const result = await check();
    await forget(and(eq(loginFailures.account, account), eq(loginFailures.address, address)));
    return result;
  } catch (error) {
    // Only a refused password is a failure; anything else (a broken database) does not count.
    if (!(error instanceof HttpError && error.statusCode === 400)) await forget();
    else await db.delete(loginFailures).where(lt(loginFailures.at, since));
    throw error;
  }
}
