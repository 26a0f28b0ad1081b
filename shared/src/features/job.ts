import { z } from 'zod';
import { id } from '../fields.js';
import { defineRoute } from '../route.js';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The list each export kind writes: the start of its file name (`订单列表_20261123_1530.xlsx`). */
export const JOB_TITLES: Record<string, string> = {
  'gacha.export': '扭蛋商品',
  'order.export': '订单列表',
  'pickup.export': '发货列表',
  'market.export': '第三方平台发货',
  'scratch.codes': '刮刮卡兑换码',
};
export const jobTitle = (kind: string) => JOB_TITLES[kind] ?? '导出文件';

/** How long the export centre lists a user's files (they are removed after it). */
export const JOB_LIST_HOURS = 24;

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

/** One file of the export centre: the job, its file's name and when it was asked for / finished. */
export const jobListItem = jobInfo.extend({
  /** `扭蛋商品_20261123_1530.xlsx` once done; before, the list's name. */
  name: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobListItem = z.infer<typeof jobListItem>;

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
  list: defineRoute({
    operationId: 'job.list',
    method: 'GET',
    path: '/web/job/list',
    summary: '我的导出文件（最近 24 小时）',
    access: 'session',
    query: z.object({}),
    response: z.object({ list: z.array(jobListItem) }),
  }),
};
