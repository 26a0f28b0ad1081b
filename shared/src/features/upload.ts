import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { integer, strictNumber } from '../fields.js';
import { collectibleMessages } from '../messages-collectible.js';
import { defineRoute } from '../route.js';

/**
 * Upload kinds and what each accepts, checked by content (magic bytes) on the server.
 * `image` is the default token; `glb` and `xlsx` are the spec's file_type values; `video` is the STS path.
 */
export const UPLOAD_KINDS = {
  image: {
    mimes: ['image/png', 'image/jpeg', 'image/gif'],
    exts: ['png', 'jpg', 'jpeg', 'gif'],
    // Spec 01 §9: a single image is at most 10MB (the 20MB collectible limit has no upload here yet).
    maxBytes: LIMITS.singleImageMaxBytes,
  },
  /** A digital collectible's image (spec 03 §5 "Uploads"): 20MB, said as the spec says it. */
  collectibleImage: {
    mimes: ['image/png', 'image/jpeg', 'image/gif'],
    exts: ['png', 'jpg', 'jpeg', 'gif'],
    maxBytes: LIMITS.collectibleImageMaxBytes,
    tooLarge: collectibleMessages.imageTooLarge,
  },
  glb: {
    mimes: ['model/gltf-binary'],
    exts: ['glb'],
    maxBytes: LIMITS.modelMaxBytes,
    tooLarge: collectibleMessages.modelTooLarge,
  },
  xlsx: {
    mimes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    exts: ['xlsx'],
    maxBytes: LIMITS.xlsxMaxBytes,
  },
  video: { mimes: ['video/mp4'], exts: ['mp4'], maxBytes: LIMITS.videoMaxBytes },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
/** The kinds whose content is a picture (decoded for its pixel size). */
export const IMAGE_UPLOAD_KINDS: readonly UploadKind[] = ['image', 'collectibleImage'];

/**
 * A spreadsheet's file name (spec 02 §5 "Bulk shipping import"): exactly one dot, and .xlsx after it
 * (`发货单.xlsx`; not `ship.v2.xlsx`, `ship.xls` or `ship`). The console checks it before sending and
 * the storage endpoint refuses any other name under an xlsx token with 暂不支持此类文件上传.
 */
export const isXlsxName = (name: string) => /^[^.]+\.xlsx$/i.test(name.trim());

/** Keys are the client's unique names: letters, digits, `-_./`, no `..`, at most 200 characters. */
export const UPLOAD_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;

export const uploadToken = z.object({
  token: z.string(),
  /** Where the multipart form (file, key, token) is posted. */
  upload_url: z.string(),
  /** Prefix of the URL a stored key is served from: `${file_base}/${key}`, thumbnails with `?w=`. */
  file_base: z.string(),
  expire_time: z.number().int(),
});

/** The provider's answer to a form upload (not wrapped in the envelope). */
export const uploadResult = z.object({ key: z.string(), hash: z.string() });
export type UploadResult = z.infer<typeof uploadResult>;

export const stsToken = z.object({
  accesskeyid: z.string(),
  accesskeysecret: z.string(),
  bucket_name: z.string(),
  securitytoken: z.string(),
  file: z.array(z.object({ name: z.string(), key: z.string(), url: z.string() })),
  call_back_url: z.string(),
  upload_url: z.string(),
  file_base: z.string(),
  expire_time: z.number().int(),
});

export const uploadRoutes = {
  token: defineRoute({
    operationId: 'upload.token',
    method: 'GET',
    path: '/v1/qiniu/auth',
    summary: '获取上传凭证（图片默认，file_type 可选 glb / xlsx）',
    access: 'session',
    query: z.object({
      file_type: z.enum(['glb', 'xlsx', 'collectibleImage'], { error: '不支持的文件类型' }).optional(),
      /** Optional limits sealed into the token and enforced by the storage endpoint. */
      width: strictNumber().int().positive().max(20000).optional(),
      height: strictNumber().int().positive().max(20000).optional(),
      min_width: strictNumber().int().positive().max(20000).optional(),
      min_height: strictNumber().int().positive().max(20000).optional(),
      max_size: integer().positive().optional(),
    }),
    response: uploadToken,
  }),
  videoToken: defineRoute({
    operationId: 'upload.videoToken',
    method: 'POST',
    path: '/apis/upload/mdmedia/get_sts_token',
    summary: '获取视频上传凭证（STS）',
    access: 'session',
    body: z.object({ file: z.array(z.string().max(200)).max(10).default([]) }).default({ file: [] }),
    response: stsToken,
  }),
};

/** The storage endpoint speaks the provider's form protocol rather than the envelope. */
export const STORAGE_UPLOAD_PATH = '/storage/upload';
export const STORAGE_FILES_PATH = '/files';

export const fileUrl = (fileBase: string, key: string, width?: number) =>
  `${fileBase.replace(/\/$/, '')}/${key}${width ? `?w=${width}` : ''}`;
