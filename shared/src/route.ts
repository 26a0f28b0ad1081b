import type { z } from 'zod';
import type { PermissionId, Role } from './roles.js';

/**
 * Who may call a route:
 * - `public`: no session (still signed unless `signed: false`);
 * - `session`: any signed-in user;
 * - a role name: a signed-in user holding that role (from per_ids, or reviewer/admin).
 */
export type Access = 'public' | 'session' | Role;

/** The rows of a brand that calls name by id (`RouteDef.entity`); the API maps each to its table. */
export const ENTITY_KINDS = [
  'album',
  'blind-box-record',
  'collectible',
  'compose-rule',
  'coupon',
  'draw-machine',
  'exchange-method',
  'freight-template',
  'gacha',
  'goods',
  'kuji',
  'market-order',
  'moment',
  'order',
  'scratch',
  'skin',
  'subscription',
  'toy',
  'wallpaper',
  'warehouse',
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export interface RouteDef {
  operationId: `${string}.${string}`;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  access: Access;
  /** The permission id whose brands this route acts on (tenancy). */
  perId?: PermissionId;
  /**
   * Tenancy by declaration: the input field that names the brand this call acts on. The API checks
   * it against the caller's brands for `perId` before validation and the handler (a brand not the
   * caller's answers 404 数据不存在); absent (or 0), the call acts on every brand of the caller's.
   */
  brand?: string;
  /**
   * Tenancy by declaration, for the row a call acts on: the input field holding its id, and which
   * kind of row it is. The API looks the row up before validation and the handler; a row that is
   * missing or of a brand not the caller's (for `perId`) answers 404 数据不存在, the same for both.
   * An absent id (0, '') is a create and passes.
   */
  entity?: { field: string; of: EntityKind };
  /** Signed by default; only calls that carry their own credentials opt out. */
  signed?: boolean;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of the envelope's `data`. */
  response: z.ZodType;
}

export const defineRoute = <const D extends RouteDef>(def: D): D => def;

/** What a caller passes: the query for GET, the body for POST. */
export type RouteInput<D extends RouteDef> = D extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : D extends { body: infer B extends z.ZodType }
    ? z.input<B>
    : undefined;

/** What the handler receives after validation. */
export type RouteParsed<D extends RouteDef> = D extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : D extends { body: infer B extends z.ZodType }
    ? z.output<B>
    : undefined;

export type RouteOutput<D extends RouteDef> = z.output<D['response']>;
/** What the wire carries before the response schema parses it (dates as strings, etc.). */
export type RouteData<D extends RouteDef> = z.input<D['response']>;
