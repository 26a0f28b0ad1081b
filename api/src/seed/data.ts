import { PER_ID } from '@toy/shared';

/** Demo accounts (DESIGN.md "Defaults a new user meets"); every password is DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoUser {
  email: string;
  name: string;
  authType: 1 | 2;
  perIds: number[];
  isReviewer?: boolean;
  /** Brands the user acts on, for each of their per_ids unless `brandPerIds` says otherwise. */
  brands: { title: string; latin: string; type: 1 | 2 }[];
  brandPerIds?: number[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'brand@demo.local',
    name: '品牌主演示',
    authType: 1,
    perIds: [PER_ID.nft, PER_ID.box, PER_ID.coupon, PER_ID.goods],
    brands: [
      { title: 'Molly 梦工厂', latin: 'Molly Dream', type: 1 },
      { title: '星际萌宠', latin: 'Star Pets', type: 1 },
    ],
  },
  {
    email: 'shop@demo.local',
    name: '店铺演示',
    authType: 2,
    perIds: [PER_ID.box],
    brands: [{ title: '潮玩小铺', latin: 'Toy Corner', type: 2 }],
  },
  {
    email: 'coupon@demo.local',
    name: '优惠券演示',
    authType: 1,
    perIds: [PER_ID.coupon],
    brands: [{ title: '券券潮玩', latin: 'Coupon Toys', type: 1 }],
  },
  { email: 'reviewer@demo.local', name: '平台审核员', authType: 1, perIds: [], isReviewer: true, brands: [] },
];

/** The waybill (ERP) account: its own login, printing the pickups of its merchant's brands. */
export const DEMO_ERP_ACCOUNT = { username: 'erp@demo.local', name: '面单打印演示', owner: 'brand@demo.local' };

/** Warehouses of brand@demo.local's first brand. */
export const DEMO_WAREHOUSES = [
  { name: '曼谷一号仓', country: 'th' },
  { name: '新加坡中转仓', country: 'sg' },
  { name: '吉隆坡仓', country: 'my' },
] as const;

/** Freight templates of brand@demo.local's first brand (prices in cents / satang). */
export const DEMO_FREIGHT_TEMPLATES = [
  { country: 'th', freeNum: 1, priceUs: 0, priceTh: 0 },
  { country: 'sg', freeNum: 3, priceUs: 850, priceTh: 29000 },
] as const;

/** Deposit freight of brand@demo.local's first brand (the second is left unset). */
export const DEMO_DEPOSIT_FREIGHT = { freeDays: 90, freeNum: 3, unitPriceFen: 1800 };

/** Sixty showcase brands: [title, latin name for the picture]. The first 20 are also templates. */
export const SHOWCASE_BRANDS: [string, string][] = [
  ['星河玩社', 'Galaxy Play'],
  ['糖果熊 Candy Bear', 'Candy Bear'],
  ['月光兔', 'Moon Bunny'],
  ['Pixel Pals 像素伙伴', 'Pixel Pals'],
  ['橘子汽水', 'Orange Soda'],
  ['云朵小镇', 'Cloud Town'],
  ['Lucky Cat 招财喵', 'Lucky Cat'],
  ['甜甜圈星球', 'Donut Planet'],
  ['小怪兽研究所', 'Monster Lab'],
  ['Dream Box 梦盒', 'Dream Box'],
  ['森林音乐会', 'Forest Concert'],
  ['极光企鹅', 'Aurora Penguin'],
  ['Bubble Town 泡泡镇', 'Bubble Town'],
  ['樱花学园', 'Sakura School'],
  ['太空喵', 'Space Cat'],
  ['Retro Robot 复古机器人', 'Retro Robot'],
  ['海盐柠檬', 'Sea Salt Lemon'],
  ['萌宠乐园', 'Pet Paradise'],
  ['Tiny Chef 小厨神', 'Tiny Chef'],
  ['彩虹独角兽', 'Rainbow Unicorn'],
  ['夜行动物园', 'Night Zoo'],
  ['Sweet Dino 甜心恐龙', 'Sweet Dino'],
  ['蘑菇精灵', 'Mushroom Elf'],
  ['魔法药水', 'Magic Potion'],
  ['Ocean Pop 海洋波普', 'Ocean Pop'],
  ['琉璃猫', 'Glass Cat'],
  ['奶茶女孩', 'Milk Tea Girl'],
  ['Mecha Kid 机甲少年', 'Mecha Kid'],
  ['仙人掌兄弟', 'Cactus Bros'],
  ['Honey Bee 蜜蜂队长', 'Honey Bee'],
  ['冰淇淋车', 'Ice Cream Van'],
  ['书店猫头鹰', 'Book Owl'],
  ['Neon Fox 霓虹狐', 'Neon Fox'],
  ['熊猫快递', 'Panda Express'],
  ['星座守护者', 'Zodiac Guard'],
  ['Paper Plane 纸飞机', 'Paper Plane'],
  ['咖啡小熊', 'Coffee Cub'],
  ['花园侦探', 'Garden Detective'],
  ['Pudding Pup 布丁狗', 'Pudding Pup'],
  ['雪山小屋', 'Snow Cabin'],
  ['时光邮局', 'Time Post'],
  ['Jelly Jam 果冻乐队', 'Jelly Jam'],
  ['海底图书馆', 'Deep Library'],
  ['火箭兔', 'Rocket Rabbit'],
  ['Cozy Critters 暖暖小兽', 'Cozy Critters'],
  ['灯笼鱼', 'Lantern Fish'],
  ['周末野餐', 'Weekend Picnic'],
  ['Star Chef 星厨', 'Star Chef'],
  ['梦游仙境', 'Wonderland'],
  ['小小建筑师', 'Little Architect'],
  ['Mochi Friends 麻薯好友', 'Mochi Friends'],
  ['风车农场', 'Windmill Farm'],
  ['深海探险队', 'Deep Sea Crew'],
  ['Cosmo Kids 宇宙小孩', 'Cosmo Kids'],
  ['南瓜马车', 'Pumpkin Coach'],
  ['青蛙王子', 'Frog Prince'],
  ['Sunny Sheep 阳光小羊', 'Sunny Sheep'],
  ['盲盒研究社', 'Box Society'],
  ['夏日汽水', 'Summer Fizz'],
  ['Velvet Moon 丝绒月亮', 'Velvet Moon'],
];

export const TEMPLATE_COUNT = 20;
