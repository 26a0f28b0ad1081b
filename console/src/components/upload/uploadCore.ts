import { fileUrl, isAbort, LIMITS, messages, uploadResult } from '@toy/shared';
import { uploadRoutes } from '@toy/shared/features/upload';
import { config } from '../../config';
import { call } from '../../lib/http';
import { noteFileBase } from './fileBase';
import { makeKey } from './uploadRules';

export { fileBase, previewUrl } from './fileBase';

/**
 * The one upload core (spec 01 §7 "Upload"): get a token (uploadRoutes.token, with the limits the
 * storage endpoint then enforces), post multipart `token`, `key`, `file` to `upload_url`, answer
 * `{key, hash}`. A failure drops the token and fetches a fresh one.
 */
export interface UploadLimits {
  fileType?: 'xlsx' | 'glb' | 'collectibleImage';
  width?: number;
  height?: number;
  minWidth?: number;
  minHeight?: number;
  maxSize?: number;
}

export interface Uploaded {
  key: string;
  hash: string;
  url: string;
  name: string;
}

/** A failed form post: the storage's answer, when there was one. */
class PostError extends Error {
  constructor(
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'PostError';
  }
}

export class UploadError extends Error {
  /** The storage's own refusal (its envelope's Chinese `msg`), when it answered one. */
  readonly refusal?: string;
  constructor(
    message: string,
    readonly detail?: string,
    cause?: unknown,
  ) {
    super(message);
    this.name = 'UploadError';
    const body = cause instanceof PostError ? (cause.body as { msg?: unknown } | undefined) : undefined;
    if (typeof body?.msg === 'string' && body.msg) this.refusal = body.msg;
  }
}

type Token = { token: string; upload_url: string; file_base: string; expire_time: number };

const tokens = new Map<string, Promise<Token>>();

const absolute = (url: string) =>
  /^https?:\/\//.test(url) ? url : `${config.apiBase}${url.startsWith('/') ? '' : '/'}${url}`;

const limitKey = (l: UploadLimits) =>
  [l.fileType, l.width, l.height, l.minWidth, l.minHeight, l.maxSize].map((v) => v ?? '').join('|');

function fetchToken(limits: UploadLimits): Promise<Token> {
  const promise = call(
    uploadRoutes.token,
    {
      file_type: limits.fileType,
      width: limits.width,
      height: limits.height,
      min_width: limits.minWidth,
      min_height: limits.minHeight,
      max_size: limits.maxSize,
    },
    { silent: true },
  ).then((t) => {
    const base = absolute(t.file_base);
    noteFileBase(base);
    return { ...t, upload_url: absolute(t.upload_url), file_base: base };
  });
  tokens.set(limitKey(limits), promise);
  promise.catch(() => tokens.delete(limitKey(limits)));
  return promise;
}

/** A live token for these limits (reused until 30 s before it expires). */
export async function getUploadToken(limits: UploadLimits, force = false): Promise<Token> {
  const cached = force ? undefined : tokens.get(limitKey(limits));
  if (cached) {
    const t = await cached.catch(() => null);
    if (t && t.expire_time - 30 > Date.now() / 1000) return t;
  }
  return fetchToken(limits);
}

function storageMessage(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const body = err instanceof PostError ? (err.body as { error?: string; msg?: string } | undefined) : undefined;
  return body?.msg || body?.error || err.message;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Posts a multipart form to the storage and answers its JSON. XMLHttpRequest rather than fetch:
 * fetch reports no upload progress. An abort by `signal` rejects with an AbortError.
 */
function postForm(
  url: string,
  form: FormData,
  options: { signal?: AbortSignal; timeoutMs: number; onProgress?: (percent: number) => void },
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(new DOMException('The upload was aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    xhr.timeout = options.timeoutMs;
    xhr.upload.onprogress = (e) => options.onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0);
    xhr.onload = () => {
      done();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new PostError(`HTTP ${xhr.status}`, body));
    };
    xhr.onerror = () => {
      done();
      reject(new PostError('Network Error'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new PostError(`timeout of ${options.timeoutMs}ms exceeded`));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

export async function uploadFile(
  file: File,
  limits: UploadLimits & { prefix?: string },
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Uploaded> {
  let token: Token;
  try {
    token = await getUploadToken(limits);
  } catch (err) {
    throw new UploadError(messages.upload.failed, storageMessage(err), err);
  }
  const key = makeKey(file.name, limits.prefix ?? (limits.fileType === 'xlsx' ? 'xlsx' : (limits.fileType ?? 'img')));
  const form = new FormData();
  form.append('token', token.token);
  form.append('key', key);
  form.append('file', file);
  try {
    const answer = await postForm(token.upload_url, form, { signal, timeoutMs: 120_000, onProgress });
    const parsed = uploadResult.safeParse(answer);
    if (!parsed.success) throw new Error(messages.upload.failed);
    onProgress?.(100);
    return { ...parsed.data, url: fileUrl(token.file_base, parsed.data.key), name: file.name };
  } catch (err) {
    if (isAbort(err)) throw err;
    // The token may be spent or expired: fetch a fresh one for the next try.
    void fetchToken(limits).catch(() => undefined);
    throw new UploadError(messages.upload.failed, storageMessage(err), err);
  }
}

/** Natural pixel size of an image file. */
export function readImageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(messages.upload.unsupported));
    };
    img.src = url;
  });
}

/**
 * A video through the STS path (spec 01 §7 "Video upload"): uploadRoutes.videoToken names the key
 * and carries the token, then the same form post as every upload. Answers the stored key and URL.
 */
export async function uploadVideo(
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Uploaded> {
  let sts: Awaited<ReturnType<typeof call<typeof uploadRoutes.videoToken>>>;
  try {
    sts = await call(uploadRoutes.videoToken, { file: [file.name] }, { silent: true });
  } catch (err) {
    throw new UploadError(messages.upload.failed, storageMessage(err), err);
  }
  const target = sts.file[0];
  if (!target) throw new UploadError(messages.upload.failed);
  const form = new FormData();
  form.append('token', sts.securitytoken);
  form.append('key', target.key);
  form.append('file', file);
  try {
    const answer = await postForm(absolute(sts.upload_url), form, {
      signal,
      timeoutMs: LIMITS.videoTimeoutMs,
      onProgress,
    });
    const parsed = uploadResult.safeParse(answer);
    if (!parsed.success) throw new Error(messages.upload.failed);
    onProgress?.(100);
    noteFileBase(absolute(sts.file_base), true);
    return { ...parsed.data, url: fileUrl(absolute(sts.file_base), parsed.data.key), name: file.name };
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new UploadError(messages.upload.failed, storageMessage(err), err);
  }
}
