import { authRoutes } from './features/auth.js';
import { brandRoutes } from './features/brand.js';
import { freightRoutes } from './features/freight.js';
import { uploadRoutes } from './features/upload.js';
import { userRoutes } from './features/user.js';
import { warehouseRoutes } from './features/warehouse.js';
import type { RouteDef } from './route.js';

/** Every call of the platform API, by domain: `api.warehouse.list` is operationId `warehouse.list`. */
export const api = {
  auth: authRoutes,
  user: userRoutes,
  brand: brandRoutes,
  upload: uploadRoutes,
  warehouse: warehouseRoutes,
  freight: freightRoutes,
} as const;

export const allRoutes: RouteDef[] = Object.values(api).flatMap((group) => Object.values(group) as RouteDef[]);
