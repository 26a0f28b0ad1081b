/** Business constants and limits: section 9 of each spec document, as data. */

export const PAGE_SIZES = [20, 50, 100, 200] as const;

export const LIMITS = {
  goodsPageSize: 20,
  drawMachinePageSize: 10,
  goodsSelectorPageSize: 10,
  brandAutocompleteLimit: 10,
  templateSearchLimit: 100,
  listPageSize: 10,
  albumPageSize: 12,
  showcaseBrands: 60,
  showcaseRows: 3,
  minServiceFee: 5,
  defaultServiceFee: 5,
  kujiServiceFee: 6,
  minThbPrice: 20,
  descriptionMax: 50,
  goodsTitleMax: 200,
  minBlindBoxStyles: 4,
  detailImagesMax: 9,
  singleImageMaxBytes: 10 * 1024 * 1024,
  collectibleImageMaxBytes: 20 * 1024 * 1024,
  /** The most pixels an uploaded image may have (decoding is bounded by it): 40 megapixels. */
  imageMaxPixels: 40_000_000,
  modelMaxBytes: 100 * 1024 * 1024,
  videoMaxBytes: 100 * 1024 * 1024,
  xlsxMaxBytes: 20 * 1024 * 1024,
  gachaPriceMin: 0.01,
  gachaPriceMax: 50000,
  gachaStockMin: 0,
  gachaStockMax: 100000,
  gachaPicsMax: 10,
  gachaLabels: 4,
  gachaLabelMax: 50,
  gachaLinkMax: 2000,
  goodsPicture: { width: 800, height: 800 },
  goodsPictureMaxBytes: 1024 * 1024,
  uploadBatchMax: 100,
  multiUploadMax: 1000,
  defaultUploadLimit: 1,
  qrPollSeconds: 3,
  sidebarWidth: 210,
  mobileBreakpoint: 992,
  imageCompressionQuality: 0.7,
  thumbnailWidth: 300,
  waybillNumbersMax: 10,
  waybillPrintType: 130,
  exportPollSeconds: 3,
  couponDiscountMin: 1,
  couponDiscountMax: 99,
  royaltyMaxPercent: 45,
  videoPartSize: 1024000,
  videoTimeoutMs: 120000,
  requestTimeoutMs: 1_000_000,
  toastSeconds: 5,
} as const;

export const DATETIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';
export const TIME_ZONE = 'Asia/Shanghai';
export const DEFAULT_RANGE_TIMES = ['00:00:00', '23:59:59'] as const;
export const DROP_RATE_FORMAT = (n: number) => `1:${n}`;

export const PACKAGING_OPTIONS = ['拆盒未拆袋', '拆盒已拆袋', '全新未拆'] as const;
export const DEFAULT_PACKAGING = PACKAGING_OPTIONS[0];

/** Brand 267651 defaults its remark to these shipping terms (spec 01 §9, spec 03 kuji form). */
export const SPECIAL_BRAND_ID = 267651;
export const SPECIAL_BRAND_REMARK = '运费18元，满5件包邮，7个工作日内发货';

/** Freight and warehouse countries (spec 02 §3). */
export const COUNTRIES = [
  { value: 'th', label: '泰国' },
  { value: 'sg', label: '新加坡' },
  { value: 'id', label: '印度尼西亚' },
  { value: 'my', label: '马来西亚' },
  { value: 'ph', label: '菲律宾' },
  { value: 'vn', label: '越南' },
] as const;
export type Country = (typeof COUNTRIES)[number]['value'];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.value) as [Country, ...Country[]];
export const countryText = (code: string) => COUNTRIES.find((c) => c.value === code)?.label ?? code;

/** Deposit settings (spec 02 §9). */
export const DEPOSIT_DAY_OPTIONS = [
  { value: 30, label: '30天' },
  { value: 60, label: '60天' },
  { value: 90, label: '90天' },
  { value: 180, label: '180天' },
  { value: 3650, label: '长期' },
] as const;
export const DEFAULT_DEPOSIT_DAYS = 3650;
export const FREE_COUNT_OPTIONS = [1, 2, 3, 4, 5, 6] as const;
export const DEFAULT_FREE_COUNT = 3;

/** Box-machine guess awards (spec 02 §9). */
export const AWARD_TYPES = [
  { value: 0, label: '空' },
  { value: 1, label: '积分' },
  { value: 2, label: '提示卡x1' },
  { value: 3, label: '优惠券' },
] as const;

/** Activity types of orders (spec 02 §4). */
export const ACTIVITY_TYPES = [
  { value: 1, label: '抽奖' },
  { value: 5, label: '发售' },
  { value: 7, label: '刮刮卡' },
  { value: 9, label: '拍卖' },
  { value: 10, label: '惊喜' },
  { value: 13, label: '抽盒机' },
  { value: 14, label: '一番赏' },
  { value: 15, label: '扭蛋机' },
] as const;

/** Display system (spec 03 §9). */
export const DISPLAY = {
  storeDesignWidth: 2048,
  eventDesignWidth: 2560,
  listRefreshSeconds: 120,
  barrageRefreshSeconds: 20,
  sellListAnimateOver: 10,
  rankingTop: 7,
  brands: 12,
  brandsSecondMode: 18,
  socketPort: 8765,
  mediaPort: 8764,
  countdownFrom: 15,
} as const;
