import type { Role, RouteDef } from '@toy/shared';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { ReadCache } from '../db/read-cache.js';
import type { FileStore } from '../storage/store.js';

/** The signed-in merchant, as the session plugin attaches it to a request. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  avatar: string;
  /** Auth type: 1 own brand, 2 shop. */
  type: number;
  per_ids: number[];
  roles: Role[];
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared declaration a route was registered from (access, perId, signed). */
    route?: RouteDef;
  }
  interface FastifyInstance {
    db: Db;
    /** The open database behind `db`: a second app in the same process (a test's) may share it. */
    database: Database;
    /** Read cache (on for PGlite, off for PostgreSQL): see db/read-cache.ts. */
    cache: ReadCache;
    appConfig: Config;
    /** Every file: the local directory or an S3 bucket (storage/store.ts). */
    storage: FileStore;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The web_token of the current session, when there is one. */
    sessionToken: string | null;
    /** Every brand the caller may act on for the route's perId (http/tenancy.ts, before validation). */
    brandIds: number[];
    /** The brand the call's declared `brand` field names (checked), else every one of `brandIds`. */
    scope: number[];
  }
}
