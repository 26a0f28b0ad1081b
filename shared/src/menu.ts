import type { Role } from './roles.js';

/** The `url` of a menu group: it has no page of its own, only children. */
export const MENU_GROUP_URL = 'layout';

/** One row of the menu table: `pid` 0 for top level; `roles: []` means every signed-in user. */
export interface MenuRow {
  id: number;
  pid: number;
  path: string;
  /** The console page that renders the row (a key of the console's route map), or MENU_GROUP_URL. */
  url: string;
  title: string;
  icon: string;
  roles: readonly Role[];
  hidden?: boolean;
}

/**
 * The menu (spec 01 §2), as data: the API sends the rows a user may see (user.info) and the
 * console maps each page `url` to its page, checked by the compiler against MenuPageUrl. Add a row
 * here and a page there. Ids are stable: a row keeps its id.
 */
export const MENU = [
  { id: 1, pid: 0, path: '/dashboard', url: 'dashboard', title: '首页', icon: 'home', roles: [] },
  // 100–199 盲盒管理 (blind boxes, draw machines, deposit settings, overseas), 200–299 商品管理 (goods,
  // gacha goods), 300–399 审核 (platform reviewer).
  { id: 100, pid: 0, path: '/blindBox', url: MENU_GROUP_URL, title: '盲盒管理', icon: 'box', roles: [] },
  {
    id: 101,
    pid: 100,
    path: '/blindBox/overseasWarehouse',
    url: 'warehouse/list',
    title: '仓库管理',
    icon: 'warehouse',
    roles: ['box_admin'],
  },
  {
    id: 102,
    pid: 100,
    path: '/blindBox/overseasFreight',
    url: 'freight/list',
    title: '运费模板',
    icon: 'freight',
    roles: ['box_admin'],
  },
  // 110–139 blind-box records, release and the cabinet / box-machine settings.
  {
    id: 110,
    pid: 100,
    path: '/blindBox/records',
    url: 'blindBoxRecord/list',
    title: '盲盒备案',
    icon: 'clipboard',
    roles: ['box_admin'],
  },
  {
    id: 111,
    pid: 100,
    path: '/blindBox/goodsAdd',
    url: 'blindBoxRecord/form',
    title: '录入盲盒机',
    icon: 'box',
    roles: ['box_admin'],
    hidden: true,
  },
  {
    id: 112,
    pid: 100,
    path: '/blindBox/boxAdd',
    url: 'blindBox/release',
    title: '发布盒机',
    icon: 'box',
    roles: ['box_admin'],
    hidden: true,
  },
  {
    id: 113,
    pid: 100,
    path: '/blindBox/admin',
    url: 'blindBox/settings',
    title: '寄存与盒机设置',
    icon: 'settings',
    roles: ['box_admin'],
  },
  // 140–149 draw machines (抽盒机).
  {
    id: 140,
    pid: 100,
    path: '/blindBox/list',
    url: 'drawMachine/list',
    title: '抽盒机管理',
    icon: 'box',
    roles: ['box_admin'],
  },
  {
    id: 141,
    pid: 100,
    path: '/blindBox/boxList',
    url: 'deposit/list',
    title: '寄存订单',
    icon: 'box',
    roles: ['box_admin'],
  },
  // 150–159 coupons (coupon_admin).
  {
    id: 150,
    pid: 100,
    path: '/blindBox/coupon',
    url: 'coupon/list',
    title: '优惠券管理',
    icon: 'coupon',
    roles: ['coupon_admin'],
  },
  {
    id: 151,
    pid: 100,
    path: '/blindBox/couponAdd',
    url: 'coupon/form',
    title: '新建优惠券',
    icon: 'coupon',
    roles: ['coupon_admin'],
    hidden: true,
  },
  { id: 200, pid: 0, path: '/goods', url: MENU_GROUP_URL, title: '商品管理', icon: 'package', roles: [] },
  { id: 201, pid: 200, path: '/goods/list', url: 'goods/list', title: '商品列表', icon: 'goods', roles: ['box_admin'] },
  {
    id: 202,
    pid: 200,
    path: '/goods/gacha',
    url: 'gacha/list',
    title: '扭蛋商品管理',
    icon: 'gift',
    roles: ['box_admin'],
  },
  // 400–499 订单管理 (orders, pickups, marketplace shipping).
  { id: 400, pid: 0, path: '/order', url: MENU_GROUP_URL, title: '订单管理', icon: 'order', roles: [] },
  {
    id: 401,
    pid: 400,
    path: '/order/boxList',
    url: 'order/list',
    title: '订单列表',
    icon: 'shopping',
    roles: ['box_admin'],
  },
  {
    id: 402,
    pid: 400,
    path: '/order/detail',
    url: 'order/detail',
    title: '订单详情',
    icon: 'order',
    roles: ['box_admin'],
    hidden: true,
  },
  {
    id: 403,
    pid: 400,
    path: '/order/send',
    url: 'order/send',
    title: '订单发货',
    icon: 'truck',
    roles: ['box_admin'],
    hidden: true,
  },
  {
    id: 410,
    pid: 400,
    path: '/order/sendList',
    url: 'pickup/list',
    title: '发货列表',
    icon: 'package',
    roles: ['box_admin'],
  },
  // 460–469 marketplace orders (第三方平台发货).
  {
    id: 460,
    pid: 400,
    path: '/order/sendListMarket',
    url: 'market/list',
    title: '第三方平台发货',
    icon: 'truck',
    roles: ['box_admin'],
  },
  {
    id: 461,
    pid: 400,
    path: '/order/sendMarket',
    url: 'market/ship',
    title: '平台订单发货',
    icon: 'truck',
    roles: ['box_admin'],
    hidden: true,
  },
  {
    id: 462,
    pid: 400,
    path: '/order/marketLink',
    url: 'market/links',
    title: '平台店铺绑定',
    icon: 'truck',
    roles: ['box_admin'],
  },
  // 600–619 一番赏 (ichiban-kuji, spec 03 §2).
  { id: 600, pid: 0, path: '/jackpot', url: MENU_GROUP_URL, title: '一番赏管理', icon: 'kuji', roles: [] },
  { id: 601, pid: 600, path: '/jackpot/list', url: 'kuji/list', title: '一番赏', icon: 'kuji', roles: ['box_admin'] },
  {
    id: 602,
    pid: 600,
    path: '/jackpot/add',
    url: 'kuji/form',
    title: '发布一番赏',
    icon: 'kuji',
    roles: ['box_admin'],
    hidden: true,
  },
  // 620–629 刮刮卡 (scratch cards, spec 03 §2).
  { id: 620, pid: 0, path: '/qrCode', url: MENU_GROUP_URL, title: '刮刮卡管理', icon: 'ticket', roles: [] },
  {
    id: 621,
    pid: 620,
    path: '/qrCode/qrCode',
    url: 'scratch/list',
    title: '刮刮卡',
    icon: 'ticket',
    roles: ['box_admin'],
  },
  // 630–649 心愿星球 (wish planet: toys and scenes, highlight moments, wallpapers, exchange methods; spec 03 §2).
  { id: 630, pid: 0, path: '/toy', url: MENU_GROUP_URL, title: '心愿星球', icon: 'toy', roles: [] },
  { id: 631, pid: 630, path: '/toy/list', url: 'toy/list', title: '欧气精灵/场景', icon: 'toy', roles: ['box_admin'] },
  { id: 632, pid: 630, path: '/toy/album', url: 'toy/album', title: '精彩时刻', icon: 'image', roles: ['box_admin'] },
  {
    id: 633,
    pid: 630,
    path: '/toy/wallpaper',
    url: 'wallpaper/list',
    title: '壁纸',
    icon: 'image',
    roles: ['box_admin'],
  },
  {
    id: 634,
    pid: 630,
    path: '/toy/get',
    url: 'exchangeMethod/list',
    title: '领取专区',
    icon: 'gift',
    roles: ['box_admin'],
  },
  { id: 635, pid: 630, path: '/toy/skin', url: 'skin/list', title: '装扮管理', icon: 'skin', roles: ['box_admin'] },
  {
    id: 636,
    pid: 630,
    path: '/skin/add',
    url: 'skin/form',
    title: '个性定制',
    icon: 'skin',
    roles: ['box_admin'],
    hidden: true,
  },
  // 650–659 数字藏品 (digital collectibles, albums and compose rules; spec 03 §2), nft_admin.
  { id: 650, pid: 0, path: '/nft', url: MENU_GROUP_URL, title: '数字藏品', icon: 'nft', roles: [] },
  {
    id: 651,
    pid: 650,
    path: '/nft/goods',
    url: 'collectible/list',
    title: '数字藏品管理',
    icon: 'nft',
    roles: ['nft_admin'],
  },
  {
    id: 652,
    pid: 650,
    path: '/nft/goodsAdd',
    url: 'collectible/form',
    title: '创建数字藏品',
    icon: 'nft',
    roles: ['nft_admin'],
    hidden: true,
  },
  {
    id: 653,
    pid: 650,
    path: '/nft/composeAdd',
    url: 'composeRule/form',
    title: '合成规则',
    icon: 'nft',
    roles: ['nft_admin'],
    hidden: true,
  },
  { id: 300, pid: 0, path: '/review', url: MENU_GROUP_URL, title: '审核', icon: 'review', roles: [] },
  {
    id: 301,
    pid: 300,
    path: '/review/blindBox',
    url: 'review/blindBox',
    title: '盲盒备案审核',
    icon: 'review',
    roles: ['reviewer'],
  },
  // 500–599 用户 (players' subscription applications).
  { id: 500, pid: 0, path: '/buyUser', url: MENU_GROUP_URL, title: '用户管理', icon: 'users', roles: [] },
  {
    id: 501,
    pid: 500,
    path: '/buyUser/buyUser',
    url: 'subscription/list',
    title: '订阅申请',
    icon: 'users',
    roles: ['box_admin'],
  },
] as const satisfies readonly MenuRow[];

/** The url of every page of the menu: the console's route map has exactly these keys. */
export type MenuPageUrl = Exclude<(typeof MENU)[number]['url'], typeof MENU_GROUP_URL>;

const isPage = (url: string): url is MenuPageUrl => url !== MENU_GROUP_URL;

/** The page urls of the menu, in menu order. */
export const MENU_PAGE_URLS: readonly MenuPageUrl[] = MENU.map((row) => row.url).filter(isPage);
