// Every answer about a request field names the field: the walk below feeds each declared route's
// body and query bad values, field by field, and reads the message each issue would answer.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, BARE_MESSAGES, FIELD_NAMES, fieldName, firstMessage, isCatalogued, validate } from '../src/index.js';

type Schema = z.ZodType;
const defOf = (s: unknown) => (s as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;

/** The field names of an object schema, through pipes, refinements, optionals and unions. */
function keysOf(schema: unknown, out = new Set<string>()): Set<string> {
  let node = schema;
  for (let depth = 0; depth < 20 && node; depth++) {
    const def = defOf(node);
    if (!def) break;
    if (def.type === 'object') {
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        out.add(key);
        keysOf(value, out);
      }
      break;
    }
    if (def.type === 'array') return keysOf(def.element, out);
    if (def.type === 'union') {
      for (const option of def.options as unknown[]) keysOf(option, out);
      break;
    }
    node = def.in ?? def.innerType ?? def.schema;
  }
  return out;
}

const routes = Object.values(api).flatMap((group) =>
  Object.values(group as Record<string, { operationId: string; body?: Schema; query?: Schema }>),
);
const schemas = routes.flatMap((r) =>
  [r.body, r.query].filter((s): s is Schema => Boolean(s)).map((schema) => ({ id: r.operationId, schema })),
);

/** Values most fields refuse: the wrong type, a fraction, a negative, too long, a list, empty. */
const BAD_VALUES: unknown[] = [{ x: 1 }, 1.5, -1, 'x'.repeat(3000), [1, 2], '', null, 'abc', 99_999_999_999];

describe('field names', () => {
  it('every field of every declared request has a Chinese name', () => {
    const missing = new Set<string>();
    for (const { schema } of schemas) for (const key of keysOf(schema)) if (!FIELD_NAMES[key]) missing.add(key);
    expect([...missing]).toEqual([]);
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('every message about a bad field names it, never 参数 x 不正确 or a bare 不可为空', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { id, schema } of schemas) {
      const inputs: unknown[] = [{}];
      for (const key of keysOf(schema)) for (const value of BAD_VALUES) inputs.push({ [key]: value });
      for (const input of inputs) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        for (const issue of result.error.issues) {
          const message = firstMessage(new z.ZodError([issue]));
          checked += 1;
          const name = fieldName(issue.path);
          const bare = message in BARE_MESSAGES || /^参数 |不正确：|期望|Invalid|expected/i.test(message);
          // A message the schema words itself (the spec's, e.g. 请选择品牌) names its field already;
          // every other one must carry the field's name.
          const generic = issue.code !== 'custom' && !isCatalogued(issue.message);
          if (bare || (generic && name && !message.startsWith(name)))
            problems.push(`${id} ${JSON.stringify(input).slice(0, 60)} → ${issue.path.join('.')}: ${message}`);
        }
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('says a bound, a type and a missing value in plain words with the name', () => {
    expect(validate(api.goods.list.query, { limit: 500 })).toMatchObject({ ok: false, message: '每页条数不能大于200' });
    expect(validate(api.goods.list.query, { page: 'x' })).toMatchObject({ ok: false, message: '页码须为数字' });
    expect(validate(api.gacha.import.body, { url: '', ip_id: 1 })).toMatchObject({
      ok: false,
      message: '文件地址不可为空',
    });
    expect(validate(api.goods.delete.body, { id: 1.5 })).toMatchObject({ ok: false, message: 'ID须为整数' });
  });
});
