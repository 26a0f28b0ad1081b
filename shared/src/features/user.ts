import { z } from 'zod';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';

const m = messages.auth;

/**
 * A menu item the server sends, built from the menu table (../menu.ts); the console turns it into
 * a route (spec 01 §2).
 */
export interface MenuItem {
  path: string;
  /** The console page that renders it (a MenuPageUrl), or MENU_GROUP_URL for a group. */
  url: string;
  pid: number;
  id: number;
  meta: { title: string; icon: string; roles: string[]; hidden?: boolean };
  children: MenuItem[];
}
export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    path: z.string(),
    url: z.string(),
    pid: z.number().int(),
    id: z.number().int(),
    meta: z.object({ title: z.string(), icon: z.string(), roles: z.array(z.string()), hidden: z.boolean().optional() }),
    children: z.array(menuItem),
  }),
);

export const userInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string(),
  type: z.number().int(),
  per_ids: z.array(z.number().int()),
  roles: z.array(z.string()),
  menus: z.array(menuItem),
});
export type UserInfo = z.infer<typeof userInfo>;

/** The console sends the new password twice (confirm_password); a caller that sends it once is not asked to. */
export const passwordReset = z
  .object({
    old_password: z.string({ error: m.oldPasswordRequired }).min(1, m.oldPasswordRequired).max(200),
    new_password: z
      .string({ error: m.newPasswordRequired })
      .min(1, m.newPasswordRequired)
      .min(6, m.newPasswordShort)
      .max(200),
    confirm_password: z.string().max(200).optional(),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.new_password, {
    message: m.passwordMismatch,
    path: ['confirm_password'],
  });

/** Avatar: an uploaded image key (800×800, like goods pictures) that the user owns. */
export const AVATAR_SIZE = { width: 800, height: 800 } as const;
export const avatarUpdate = z.object({
  avatar: z.string({ error: m.avatarRequired }).trim().min(1, m.avatarRequired).max(300),
});

export const userRoutes = {
  info: defineRoute({
    operationId: 'user.info',
    method: 'GET',
    path: '/web/helper/user/info',
    summary: '当前用户信息、角色与菜单',
    access: 'session',
    response: userInfo,
  }),
  resetPassword: defineRoute({
    operationId: 'user.resetPassword',
    method: 'POST',
    path: '/web/helper/user/password',
    summary: '修改密码',
    access: 'session',
    body: passwordReset,
    response: z.null(),
  }),
  updateAvatar: defineRoute({
    operationId: 'user.updateAvatar',
    method: 'POST',
    path: '/web/helper/user/avatar',
    summary: '修改头像（已上传图片的 key，800×800）',
    access: 'session',
    body: avatarUpdate,
    response: z.object({ avatar: z.string() }),
  }),
};
