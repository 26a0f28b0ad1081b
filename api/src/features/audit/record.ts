import { AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '@toy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export interface AuditInput {
  entity: AuditEntity;
  id: number;
  /** The brand the entity belongs to (after the write; before it for a delete). */
  ipId: number | null;
  action: AuditAction;
  /** Wire-form values before the write (null for a create). */
  before?: object | null;
  /** Wire-form values after the write (null for a delete). */
  after?: object | null;
  /** Who acted when it is not the merchant session's user (a waybill account, …). */
  actor?: { userId: number | null; label: string };
}

type Writer = Db | Tx;

/**
 * A plain JSON copy of the fields the log shows for this entity (shared AUDIT_ENTITIES), without
 * derived ones (cate_text, …) and the timestamps every write changes anyway.
 */
const snapshot = (entity: AuditEntity, value: object | null | undefined) => {
  if (!value) return null;
  const fields = AUDIT_ENTITIES[entity]?.fields as Record<string, string> | undefined;
  return Object.fromEntries(
    Object.entries(value).filter(([k]) =>
      fields ? k === 'id' || k in fields : k !== 'created_at' && k !== 'updated_at',
    ),
  );
};

const rowOf = (request: FastifyRequest, input: AuditInput) => {
  const user = request.user;
  return {
    userId: input.actor ? input.actor.userId : (user?.id ?? null),
    actor: input.actor ? input.actor.label : user ? `${user.name}（${user.email}）` : '',
    ipId: input.ipId,
    entity: input.entity,
    entityId: input.id,
    action: input.action,
    before: snapshot(input.entity, input.before),
    after: snapshot(input.entity, input.after),
  };
};

/**
 * Record one merchant write in the audit log, in the write's own transaction:
 *
 *   await audit(tx, request, { entity: 'goods', id, ipId, action: 'update', before, after });
 */
export async function audit(db: Writer, request: FastifyRequest, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values(rowOf(request, input));
}

/**
 * Many writes at once (an import): the rows go to the database as one JSON document per batch,
 * which PGlite and PostgreSQL unpack far faster than thousands of bound parameters.
 */
export async function auditMany(db: Writer, request: FastifyRequest, inputs: AuditInput[]): Promise<void> {
  const rows = inputs.map((input) => {
    const r = rowOf(request, input);
    return {
      user_id: r.userId,
      actor: r.actor,
      ip_id: r.ipId,
      entity: r.entity,
      entity_id: r.entityId,
      action: r.action,
      before: r.before,
      after: r.after,
    };
  });
  for (let i = 0; i < rows.length; i += 2000) {
    await db.execute(sql`
      insert into ${auditLog} (user_id, actor, ip_id, entity, entity_id, action, before, after)
      select user_id, actor, ip_id, entity, entity_id, action, before, after
      from json_populate_recordset(null::audit_log, ${JSON.stringify(rows.slice(i, i + 2000))}::json)`);
  }
}
