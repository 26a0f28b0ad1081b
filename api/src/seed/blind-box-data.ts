/** Demo blind boxes: goods to pick styles from, records in every review state, settings, coupons. */

export interface SeedGoods {
  brand: string;
  code: string;
  tone: number;
  items: { title: string; latin: string; price: number; overseas: boolean; hidden?: boolean }[];
}

export const SEED_GOODS: SeedGoods[] = [
  {
    brand: 'Molly 梦工厂',
    code: 'molly-travel',
    tone: 0,
    items: [
      { title: 'Molly 星愿旅行·巴黎', latin: 'Paris', price: 69, overseas: true },
      { title: 'Molly 星愿旅行·东京', latin: 'Tokyo', price: 69, overseas: true },
      { title: 'Molly 星愿旅行·纽约', latin: 'New York', price: 69, overseas: true },
      { title: 'Molly 星愿旅行·伦敦', latin: 'London', price: 69, overseas: true },
      { title: 'Molly 星愿旅行·悉尼', latin: 'Sydney', price: 69, overseas: true },
      { title: 'Molly 星愿旅行·开罗', latin: 'Cairo', price: 69, overseas: true },
      { title: 'Molly 星愿旅行·月球', latin: 'Moon', price: 69, overseas: true, hidden: true },
      { title: 'Molly 星愿旅行·星河', latin: 'Galaxy', price: 69, overseas: true, hidden: true },
      { title: 'Molly 限定手办·圣诞', latin: 'Xmas', price: 89, overseas: false },
    ],
  },
  {
    brand: '星河玩社',
    code: 'galaxy-night',
    tone: 1,
    items: [
      { title: '夜光城市·霓虹街', latin: 'Neon St', price: 45, overseas: true },
      { title: '夜光城市·摩天轮', latin: 'Ferris', price: 45, overseas: true },
      { title: '夜光城市·天台', latin: 'Rooftop', price: 45, overseas: false },
      { title: '夜光城市·地铁站', latin: 'Metro', price: 45, overseas: false },
      { title: '夜光城市·流星', latin: 'Meteor', price: 45, overseas: true, hidden: true },
    ],
  },
];

export interface SeedStyle {
  title: string;
  type: 1 | 2 | 3;
  probability?: number;
}

export interface SeedRecord {
  code: string;
  /** The merchant's brand (owner) and the blind box's brand, by title. */
  owner: string;
  goodsBrand: string;
  submitter: string;
  title: string;
  latin: string;
  price: number;
  limitStock: number;
  shopTime: string;
  status: 0 | 1 | 2;
  reason?: string;
  overseas: boolean;
  color: string;
  tone: number;
  /** Styles picked from the seeded goods of goodsBrand (sku), else entered by hand. */
  fromGoods?: string;
  styles: SeedStyle[];
}

const basics = (titles: string[]): SeedStyle[] => titles.map((title) => ({ title, type: 1 }));

export const SEED_RECORDS: SeedRecord[] = [
  {
    code: 'molly-travel',
    owner: 'Molly 梦工厂',
    goodsBrand: 'Molly 梦工厂',
    submitter: 'brand@demo.local',
    title: 'Molly 星愿旅行系列',
    latin: 'Molly Travel',
    price: 69,
    limitStock: 12,
    shopTime: '2026-03-01 10:00:00',
    status: 1,
    overseas: true,
    color: '#F3E8FF',
    tone: 0,
    fromGoods: 'molly-travel',
    styles: [
      ...basics([
        'Molly 星愿旅行·巴黎',
        'Molly 星愿旅行·东京',
        'Molly 星愿旅行·纽约',
        'Molly 星愿旅行·伦敦',
        'Molly 星愿旅行·悉尼',
        'Molly 星愿旅行·开罗',
      ]),
      { title: 'Molly 星愿旅行·月球', type: 2, probability: 72 },
      { title: 'Molly 星愿旅行·星河', type: 3, probability: 144 },
    ],
  },
  {
    code: 'molly-sweet',
    owner: 'Molly 梦工厂',
    goodsBrand: 'Molly 梦工厂',
    submitter: 'brand@demo.local',
    title: 'Molly 甜品派对系列',
    latin: 'Sweet Party',
    price: 59,
    limitStock: 10,
    shopTime: '2026-04-18 20:00:00',
    status: 1,
    overseas: false,
    color: 'rgb(255, 228, 236)',
    tone: 4,
    styles: [
      ...basics(['草莓蛋糕', '抹茶布丁', '马卡龙', '甜甜圈', '冰淇淋']),
      { title: '彩虹糖', type: 2, probability: 60 },
    ],
  },
  {
    code: 'molly-ocean',
    owner: 'Molly 梦工厂',
    goodsBrand: 'Molly 梦工厂',
    submitter: 'brand@demo.local',
    title: 'Molly 海洋之梦系列',
    latin: 'Ocean Dream',
    price: 69,
    limitStock: 12,
    shopTime: '2026-06-01 10:00:00',
    status: 0,
    overseas: false,
    color: '#E0F2FE',
    tone: 1,
    styles: [
      ...basics(['珊瑚', '海豚', '水母', '海星', '贝壳', '鲸鱼']),
      { title: '美人鱼', type: 3, probability: 144 },
    ],
  },
  {
    code: 'molly-forest',
    owner: 'Molly 梦工厂',
    goodsBrand: 'Molly 梦工厂',
    submitter: 'brand@demo.local',
    title: 'Molly 森林音乐会系列',
    latin: 'Forest Concert',
    price: 65,
    limitStock: 12,
    shopTime: '2026-05-20 12:00:00',
    status: 2,
    reason: '详情图不清晰，请补充高清细节图后重新提交',
    overseas: false,
    color: '#DCFCE7',
    tone: 3,
    styles: [...basics(['小提琴', '长笛', '竖琴', '鼓手', '指挥家']), { title: '萤火虫', type: 2, probability: 72 }],
  },
  {
    code: 'pets-space',
    owner: '星际萌宠',
    goodsBrand: '星际萌宠',
    submitter: 'brand@demo.local',
    title: '星际萌宠 太空漫步系列',
    latin: 'Space Walk',
    price: 49,
    limitStock: 8,
    shopTime: '2026-02-14 10:00:00',
    status: 1,
    overseas: false,
    color: '#1E1B4B',
    tone: 6,
    styles: [...basics(['宇航猫', '火箭狗', '卫星兔', '星球熊']), { title: '黑洞喵', type: 3, probability: 48 }],
  },
  {
    code: 'shop-night',
    owner: '潮玩小铺',
    goodsBrand: '星河玩社',
    submitter: 'shop@demo.local',
    title: '星河玩社 夜光城市系列',
    latin: 'Night City',
    price: 45,
    limitStock: 6,
    shopTime: '2026-01-10 19:00:00',
    status: 1,
    overseas: false,
    color: '#0F172A',
    tone: 1,
    fromGoods: 'galaxy-night',
    styles: [
      ...basics(['夜光城市·霓虹街', '夜光城市·摩天轮', '夜光城市·天台', '夜光城市·地铁站']),
      { title: '夜光城市·流星', type: 2, probability: 36 },
    ],
  },
  {
    code: 'coupon-lucky',
    owner: '券券潮玩',
    goodsBrand: '券券潮玩',
    submitter: 'coupon@demo.local',
    title: '券券潮玩 幸运星系列',
    latin: 'Lucky Star',
    price: 39,
    limitStock: 6,
    shopTime: '2026-04-01 10:00:00',
    status: 1,
    overseas: false,
    color: '#FEF3C7',
    tone: 4,
    styles: [
      ...basics(['幸运猫', '幸运兔', '幸运熊', '幸运鹿', '幸运狐']),
      { title: '金色流星', type: 2, probability: 30 },
    ],
  },
];

/** Cabinet (deposit) settings beyond the base seed's (which covers Molly 梦工厂). 星际萌宠 has none. */
export const SEED_CABINETS = [
  { brand: '潮玩小铺', freeDays: 3650, freeNum: 3, unitPriceFen: 1200 },
  { brand: '券券潮玩', freeDays: 30, freeNum: 3, unitPriceFen: 1000 },
];

/** Box-machine settings; 星际萌宠 has none. Coupon awards name a seeded coupon by title. */
export const SEED_BOX_MACHINE = [
  {
    brand: 'Molly 梦工厂',
    promptCard: 1,
    exchargePropmt: 50,
    persCard: 1,
    exchargePers: 120,
    suc: { type: 1, points: 20 },
    err: { type: 3, coupon: '猜错安慰券' },
  },
  {
    brand: '潮玩小铺',
    promptCard: 1,
    exchargePropmt: 30,
    persCard: 0,
    exchargePers: 0,
    suc: { type: 2 },
    err: { type: 0 },
  },
] as const;

/** The overseas whitelist of the demo: one brand. */
export const SEED_OVERSEAS_BRANDS = ['Molly 梦工厂'];

export const SEED_COUPONS = [
  { brand: 'Molly 梦工厂', title: '猜错安慰券', couponType: 5, fullAmount: 0, faceValue: 300, maxFaceValue: 0 },
  { brand: 'Molly 梦工厂', title: '盒机满减券', couponType: 0, fullAmount: 10000, faceValue: 1000, maxFaceValue: 0 },
  { brand: 'Molly 梦工厂', title: '盲盒八五折券', couponType: 3, fullAmount: 0, faceValue: 85, maxFaceValue: 2000 },
  { brand: '潮玩小铺', title: '小铺新人券', couponType: 5, fullAmount: 0, faceValue: 500, maxFaceValue: 0 },
];
