import type { z } from 'zod';
import { BARE_MESSAGES, fieldName, issueReason, withFieldName } from './field-names.js';
import { INT4_MAX, strictNumberInput } from './fields.js';
import { messages } from './messages.js';

/**
 * A rule table: the spec's validation lists as data. Each rule is a field, the exact message and a
 * predicate over the raw form values. Tables are checked in order and the first failure is the
 * answer, on the console before sending and on the API (which never trusts the console).
 */
export interface Rule<T> {
  field: keyof T & string;
  message: string;
  ok: (value: Partial<T>) => boolean;
  /**
   * A message that depends on the value (e.g. '盲盒售价不可小于官方售价¥{price}'); when set, the
   * failing rule firstFailure answers carries it as `message`.
   */
  detail?: (value: Partial<T>) => string;
  /**
   * The field's label on its form, for a bare message (the spec's 不可为空): the API, which has no
   * label beside it, answers `${label}不可为空`; without it the field's common name is used.
   */
  label?: string;
}
export type RuleTable<T> = readonly Rule<T>[];

export const ruleTable = <T>(rules: Rule<T>[]): RuleTable<T> => rules;

export function firstFailure<T>(table: RuleTable<T>, value: unknown): Rule<T> | null {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<T>;
  for (const rule of table) {
    let ok = false;
    try {
      ok = rule.ok(v);
    } catch {
      ok = false;
    }
    if (!ok) {
      if (!rule.detail) return rule;
      let message = rule.message;
      try {
        message = rule.detail(v);
      } catch {}
      return { ...rule, message };
    }
  }
  return null;
}

/**
 * Every failing field of a table: the first failure of each field, in the table's order (what a
 * spreadsheet row reports, so one upload shows every mistake of the row, not only the first).
 */
export function allFailures<T>(table: RuleTable<T>, value: unknown): Rule<T>[] {
  const failures: Rule<T>[] = [];
  const failed = new Set<string>();
  for (const rule of table) {
    if (failed.has(rule.field)) continue;
    const hit = firstFailure([rule], value);
    if (hit) {
      failures.push(hit);
      failed.add(rule.field);
    }
  }
  return failures;
}

/**
 * Attach a rule table to a request schema. The table runs on the raw input even when the typed
 * schema already failed, and its message wins (see firstMessage), so the API answers exactly the
 * message the console shows.
 */
export function withRules<S extends z.ZodType, T>(schema: S, table: RuleTable<T>) {
  return schema.superRefine(
    (value, ctx) => {
      const failed = firstFailure(table, value);
      if (failed)
        ctx.addIssue({
          code: 'custom',
          message: failed.message,
          path: [failed.field],
          params: { rule: true, label: failed.label },
        });
    },
    { when: () => true },
  );
}

/** The one message to show for a failed parse: the first rule message, else the first issue. */
export function firstMessage(error: z.ZodError): string {
  const issues = error.issues;
  const rule = issues.find((i) => i.code === 'custom' && (i as { params?: { rule?: boolean } }).params?.rule);
  if (rule) {
    const label = (rule as { params?: { label?: string } }).params?.label;
    const reason = BARE_MESSAGES[rule.message];
    return label && reason !== undefined ? `${label}${reason}` : withFieldName(rule.message, rule.path);
  }
  const first = issues[0];
  if (!first) return messages.common.badRequest;
  // A message the schema set (the spec's own) is shown as it is; a generic one is said with the
  // field's Chinese name and a plain reason (每页条数不能大于200), never zod's own words.
  if (!isGeneric(first) || first.path.length === 0) return withFieldName(first.message, first.path);
  const name = fieldName(first.path);
  return `${name ?? '请求参数'}${issueReason(first)}`;
}

/** Every string of the message catalogue: a message the schema set on purpose. */
const catalogued = new Set<string>();
const collect = (node: unknown) => {
  if (typeof node === 'string') catalogued.add(node);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) collect(v);
};
collect(messages);
const isGeneric = (issue: z.core.$ZodIssue) => issue.code !== 'custom' && !catalogued.has(issue.message);
/** Whether `message` is one of the catalogue's (a message the schema set on purpose). */
export const isCatalogued = (message: string) => catalogued.has(message);

/** Validate with a schema and give the first message, or null: what a form calls before sending. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; message: string; field?: string; ruleMessage?: string } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  const rule = result.error.issues.find(
    (i) => i.code === 'custom' && (i as { params?: { rule?: boolean } }).params?.rule,
  );
  const issue = rule ?? result.error.issues[0];
  return {
    ok: false,
    message: firstMessage(result.error),
    field: issue?.path.map(String).join('.'),
    // The rule's own words (the spec's bare 不可为空), for a form that shows them beside the field's label.
    ...(rule ? { ruleMessage: rule.message } : {}),
  };
}

/** Predicates the rule tables share. */
export const is = {
  filled: (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '',
  /** A positive integer within int4, as a number or plain decimal text (fields.ts strictNumberInput). */
  id: (v: unknown) => {
    const n = strictNumberInput(v);
    return v !== '' && typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= INT4_MAX;
  },
  /** A finite number, as a number or plain decimal text: not `true`, `[5]`, '0x20' or '1e3'. */
  number: (v: unknown) => v !== '' && Number.isFinite(strictNumberInput(v)),
  oneOf: (values: readonly unknown[]) => (v: unknown) => values.includes(v),
  maxLength: (max: number) => (v: unknown) => v === undefined || v === null || String(v).trim().length <= max,
};
