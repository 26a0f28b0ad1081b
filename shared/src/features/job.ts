import { z } from 'zod';
import { id } from '../fields.js';
import { defineRoute } from '../route.js';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A background job (an export) as its owner follows it: progress `now_num` of `total_num`. */
export const jobInfo = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  now_num: z.number().int(),
  total_num: z.number().int(),
  /** The file, once done. */
  url: z.string().nullable(),
  /** Why it failed. */
  msg: z.string().nullable(),
});
export type JobInfo = z.infer<typeof jobInfo>;

export const jobRoutes = {
  status: defineRoute({
    operationId: 'job.status',
    method: 'GET',
    path: '/web/job/status',
    summary: '后台任务进度（导出）',
    access: 'session',
    query: z.object({ id: id() }),
    response: jobInfo,
  }),
};
