import { randomUUID } from 'node:crypto';
import {
  api,
  buildRequest,
  DEV_APP_SECRET,
  type Envelope,
  type RouteData,
  type RouteDef,
  type RouteInput,
  type Session,
} from '@toy/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type Config } from '../src/app.js';
import { brands, userBrands, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { testStorage } from './s3.js';

export const PASSWORD = 'demo1234';

/**
 * An app for one test file: in-memory PGlite (or the database of DATABASE_URL, so the same suite
 * runs against PostgreSQL), temp uploads (or, with TEST_STORAGE=s3, a bucket of the run's S3
 * server), the demo seed applied.
 */
export async function makeApp(
  overrides: Partial<Config> = {},
  shared?: Parameters<typeof buildApp>[1],
): Promise<FastifyInstance> {
  if (process.env.DATABASE_URL) fileDatabase ??= freshDatabase(process.env.DATABASE_URL);
  const app = await buildApp(
    {
      logLevel: (process.env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'silent',
      databaseUrl: fileDatabase ? await fileDatabase : undefined,
      storage: testStorage(),
      seed: true,
      ...overrides,
    },
    shared,
  );
  return app;
}

/** This test file's database on PostgreSQL (module state: one per file). */
let fileDatabase: Promise<string> | undefined;

/**
 * On PostgreSQL each test file gets a database of its own (`toy_test_…`) on the server of `url`,
 * so no file sees the rows another left, as with PGlite; the apps of one file share it. CI drops
 * them after the run.
 */
async function freshDatabase(url: string): Promise<string> {
  const name = `toy_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

export interface CallOptions {
  token?: string;
  /** false: send no sign headers; otherwise override the clock or the secret used to sign. */
  sign?: false | { now?: number; secret?: string };
  headers?: Record<string, string>;
  /** Send this exact body instead of the JSON of `input`. */
  rawBody?: string;
  /** The client's address as the API sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface CallResult<T> {
  statusCode: number;
  body: Envelope<T>;
  response: LightMyRequestResponse;
}

/** A signed call of a declared route, as the console makes it (the shared client's request, through inject). */
export async function call<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  input?: RouteInput<D>,
  opts: CallOptions = {},
): Promise<CallResult<RouteData<D>>> {
  const signing = opts.sign || {};
  const { url, init } = buildRequest(opts.sign === false ? { ...def, signed: false } : def, input, {
    secret: signing.secret ?? DEV_APP_SECRET,
    now: signing.now,
    token: opts.token,
    headers: opts.headers,
  });
  const payload = opts.rawBody ?? init.body;
  const response = await app.inject({
    method: init.method,
    url,
    headers: init.headers,
    payload,
    remoteAddress: opts.remoteAddress,
  });
  return { statusCode: response.statusCode, body: response.json() as Envelope<RouteData<D>>, response };
}

/** Log in with a password; the session's web_token. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const res = await call(app, api.auth.login, { email, password });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body.msg}`);
  return res.body.data as Session;
}

export const unique = (prefix = 't') => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A fresh merchant with its own brand, for tests that change a user (password, sessions). */
export async function createMerchant(app: FastifyInstance, perIds: number[] = [14]) {
  const email = `${unique('user')}@test.local`;
  const [user] = await app.db
    .insert(users)
    .values({ email, name: unique('商户'), passwordHash: await hashPassword(PASSWORD), perIds })
    .returning();
  const [brand] = await app.db
    .insert(brands)
    .values({ title: unique('品牌') })
    .returning();
  if (perIds.length) {
    await app.db.insert(userBrands).values(perIds.map((perId) => ({ userId: user!.id, brandId: brand!.id, perId })));
  }
  return { email, user: user!, brand: brand! };
}

/** The ids of a user's brands for a permission id, through the API. */
export async function brandIds(app: FastifyInstance, token: string, perId?: 12 | 14 | 15 | 17): Promise<number[]> {
  const res = await call(app, api.brand.mine, perId ? { per_id: perId } : {}, { token });
  return res.body.data.ips.map((b) => b.id);
}
