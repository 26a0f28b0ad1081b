import { randomUUID } from 'node:crypto';
import { api, fileUrl } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routeOf } from '../../http/route.js';
import { fileBaseOf, uploadUrlOf } from '../../lib/urls.js';
import { issueUploadToken } from './token.js';

/** Declarations: shared/src/features/upload.ts. The upload itself: storage.ts; serving: files.ts. */
const uploadRoutes: FastifyPluginAsync = async (app) => {
  const config = app.appConfig;

  app.route(
    routeOf(api.upload.token, (query, request) => {
      const { file_type, ...limits } = query;
      const { token, expire_time } = issueUploadToken(config.appSecret, request.user!.id, file_type ?? 'image', limits);
      return { token, upload_url: uploadUrlOf(config), file_base: fileBaseOf(config), expire_time };
    }),
  );

  app.route(
    routeOf(api.upload.videoToken, (body, request) => {
      const { token, expire_time } = issueUploadToken(config.appSecret, request.user!.id, 'video');
      const fileBase = fileBaseOf(config);
      const file = body.file.map((name) => {
        const key = `video/${randomUUID()}.mp4`;
        return { name, key, url: fileUrl(fileBase, key) };
      });
      return {
        accesskeyid: 'local',
        accesskeysecret: '',
        bucket_name: 'local',
        securitytoken: token,
        file,
        call_back_url: '',
        upload_url: uploadUrlOf(config),
        file_base: fileBase,
        expire_time,
      };
    }),
  );
};

export default uploadRoutes;
