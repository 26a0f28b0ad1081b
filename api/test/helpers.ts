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
import { inject } from 'vitest';
import { buildApp, type Config } from '../src/app.js';
import { brands, userBrands, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { copyDatabase } from '../src/snapshot.js';
import { testStorage } from './s3.js';

export const PASSWORD = 'demo1234';

/**
/**
 * An app for one test file: a copy of the run's snapshot (global-setup.ts) — in-memory PGlite, or
 * on PostgreSQL (DATABASE_URL) a database of the file's own made from the snapshot's template —
 * with temp uploads holding the seed's files (or, with TEST_STORAGE=s3, a bucket of the run's S3
 * server). `shared.database`: a second app on the first one's database.
 */
export async function makeApp(
  overrides: Partial<Config> = {},
  shared?: Parameters<typeof buildApp>[1],
): Promise<FastifyInstance> {
  const snapshot = inject('snapshot');
  if (process.env.DATABASE_URL) fileDatabase ??= copyDatabase(process.env.DATABASE_URL, snapshot.template);
  const app = await buildApp(
    {
      logLevel: (process.env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'silent',
      databaseUrl: fileDatabase ? await fileDatabase : undefined,
      storage: testStorage(),
      seed: true,
      // PGlite: `seed: false` is an empty database; PostgreSQL: the file's database is the copy.
      snapshot:
        overrides.seed === false && !fileDatabase
          ? undefined
          : { dir: snapshot.dir, postgresReady: Boolean(fileDatabase) },
      ...overrides,
    },
    shared,
  );
  return app;
}

/**
 * A second app with other settings on `app`'s database (its data as it stands): what a test needs
 * to see one setting's effect, without loading another copy of the snapshot.
 */
export const beside = (app: FastifyInstance, overrides: Partial<Config> = {}) =>
  makeApp(overrides, { database: app.database });

/** This test file's database on PostgreSQL (one per file: setup.ts forgets it as each file starts). */
let fileDatabase: Promise<string> | undefined;
export const forgetFileDatabase = () => {
  fileDatabase = undefined;
};

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

/**
 * A clock a test moves instead of waiting (config `clock`): the wall clock plus what the test
 * skipped with `advance`.
 */
export function movableClock() {
  let offset = 0;
  return {
    clock: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
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

/**
 * An app with the two demo merchants signed in: the brand owner's and the shop's tokens, the
 * owner's two brands (Molly, 星际萌宠) and the shop's brand, for box permission 14.
 */
export async function demoMerchants() {
  const app = await makeApp();
  const brand = (await login(app, 'brand@demo.local')).web_token;
  const shop = (await login(app, 'shop@demo.local')).web_token;
  const [molly, starPets] = (await brandIds(app, brand, 14)) as [number, number];
  const [shopBrand] = (await brandIds(app, shop, 14)) as [number];
  return { app, brand, shop, molly, starPets, shopBrand };
}

/** The ids of a user's brands for a permission id, through the API. */
export async function brandIds(app: FastifyInstance, token: string, perId?: 12 | 14 | 15 | 17): Promise<number[]> {
  const res = await call(app, api.brand.mine, perId ? { per_id: perId } : {}, { token });
  return res.body.data.ips.map((b) => b.id);
}
