import { allRoutes, type RouteDef } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { brandIds, call, login, makeApp } from './helpers.js';

/**
 * Every integer a list or export takes is bounded by the column it is compared with: a smallint
 * filter (cate, state, business_type, …) and an int4 one answer 400 with a message for a value
 * past their column, never a database error (500). Loops over every declared list and export
 * (GET routes and export bodies) and every field of their input.
 */
const VALUES = [40000, -40000, 32768, -32769, 2 ** 31, '40000'];

/** The top-level fields of a route's input schema (through withRules/preprocess wrappers). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let s = schema as unknown as { shape?: object; _zod?: { def?: { in?: unknown; schema?: unknown } } } | undefined;
  for (let i = 0; i < 5 && s && !s.shape; i++) {
    const def = s._zod?.def;
    s = (def?.in ?? def?.schema) as typeof s;
  }
  return s?.shape ? Object.keys(s.shape) : [];
}

const isList = (def: RouteDef) =>
  !def.path.includes(':') &&
  (def.method === 'GET' || /export/i.test(def.operationId)) &&
  def.access !== 'public' &&
  !/^player/.test(def.operationId);

let app: FastifyInstance;
let merchant: string;
let reviewer: string;
let ipId: number;
beforeAll(async () => {
  app = await makeApp();
  merchant = (await login(app, 'brand@demo.local')).web_token;
  reviewer = (await login(app, 'reviewer@demo.local')).web_token;
  [ipId] = (await brandIds(app, merchant, 14)) as [number];
});
afterAll(() => app.close());

describe('integers bounded by their column', () => {
  it('answers every integer field of every list and export with 400, not 500, past its column', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const def of allRoutes.filter(isList)) {
      const input = def.method === 'GET' ? def.query : def.body;
      const fields = fieldsOf(input as z.ZodType | undefined);
      const token = def.access === 'reviewer' ? reviewer : merchant;
      for (const field of fields) {
        for (const value of VALUES) {
          const base = fields.includes('ip_id') && field !== 'ip_id' ? { ip_id: ipId } : {};
          const res = await call(app, def, { ...base, [field]: value } as never, { token });
          sent += 1;
          if (res.statusCode >= 500) failures.push(`${def.operationId} ${field}=${value}: ${res.statusCode}`);
          else if (res.statusCode === 400)
            expect(res.body.msg, `${def.operationId} ${field}`).toMatch(/[\u4e00-\u9fa5]/);
        }
      }
    }
    console.log(`integer bounds: ${sent} requests`);
    expect(failures).toEqual([]);
  }, 600_000);
});
