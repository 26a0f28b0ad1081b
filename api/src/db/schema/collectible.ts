import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { players } from './player.js';

/**
 * Digital collectibles, their albums and compose rules (spec 03 §3, §4). The record is the mint:
 * every file's sha256 is kept as `file_hash`, and each copy a player holds has its serial number.
 * No count is stored: an item's remaining stock is its stock minus its holdings, an album's likes
 * are its `album_likes` rows, a rule's composed count is its `compose_records`.
 */
export const albums = pgTable(
  'albums',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Upload keys: the 600×600 logo and the 1400×600 background. */
    pic: text('pic').notNull(),
    bgPic: text('bg_pic').notNull(),
    content: text('content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('albums_ip_idx').on(t.ipId, t.id)],
);

/** A player's like of an album (once per player). */
export const albumLikes = pgTable(
  'album_likes',
  {
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('album_likes_uq').on(t.albumId, t.playerId)],
);

/**
 * A digital collectible: `type` 1 single image or 3D model, 2 multiple images, 3 composed images.
 * Its copies are in `collectible_items` (one item for type 1, one per image for types 2 and 3).
 */
export const collectibles = pgTable(
  'collectibles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    catalogId: integer('catalog_id').references(() => albums.id, { onDelete: 'set null' }),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    /** The cover (upload key) and up to 9 detail images. */
    pic: text('pic').notNull(),
    picDesc: jsonb('pic_desc').$type<string[]>().notNull().default([]),
    author: text('author').notNull().default(''),
    /** Royalty in percent, 0–45. */
    copyrightCharge: integer('copyright_charge').notNull().default(0),
    goodsContent: text('goods_content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collectibles_ip_idx').on(t.ipId, t.id), index('collectibles_catalog_idx').on(t.catalogId)],
);

/** One mintable item of a collectible: `title` name#index, `file_type` 1 image, 2 glb model. */
export const collectibleItems = pgTable(
  'collectible_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    collectibleId: integer('collectible_id')
      .notNull()
      .references(() => collectibles.id, { onDelete: 'cascade' }),
    /** 1-based position within the collectible (the index of name#index). */
    serial: integer('serial').notNull(),
    title: text('title').notNull(),
    pic: text('pic').notNull(),
    filePath: text('file_path').notNull(),
    fileHash: text('file_hash').notNull(),
    fileType: integer('file_type').notNull().default(1),
    stock: integer('stock').notNull(),
    /** For a composed image: the layer picked in each group, e.g. "1-3-2". */
    coord: text('coord').notNull().default(''),
  },
  (t) => [uniqueIndex('collectible_items_serial_uq').on(t.collectibleId, t.serial)],
);

/**
 * A copy a player holds: `token_no` is its number within the item (1..stock), unique, so two
 * mints can never hand out the same copy. `source` purchase | drop | claim | compose. A copy
 * consumed by composing keeps its row with `destroyed_at` and the compose record that took it.
 */
export const collectibleHoldings = pgTable(
  'collectible_holdings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => collectibleItems.id, { onDelete: 'cascade' }),
    collectibleId: integer('collectible_id')
      .notNull()
      .references(() => collectibles.id, { onDelete: 'cascade' }),
    tokenNo: integer('token_no').notNull(),
    source: text('source').notNull(),
    sourceId: integer('source_id').notNull().default(0),
    destroyedAt: timestamp('destroyed_at', { withTimezone: true }),
    destroyedBy: integer('destroyed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collectible_holdings_token_uq').on(t.itemId, t.tokenNo),
    index('collectible_holdings_player_idx').on(t.playerId, t.collectibleId),
    index('collectible_holdings_collectible_idx').on(t.collectibleId),
  ],
);

/**
 * A compose rule: consuming each group's `expend_num` collectibles grants the target
 * (`virtual_type` 1 a collectible, 2 an album: a collectible of it). `stock` is the rule's total;
 * what remains is stock minus its `compose_records`. publish_status is derived from the times.
 */
export const composeRules = pgTable(
  'compose_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    beginAt: timestamp('begin_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    virtualId: integer('virtual_id').notNull(),
    virtualType: integer('virtual_type').notNull(),
    stock: integer('stock').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('compose_rules_ip_idx').on(t.ipId, t.id)],
);

export const composeGroups = pgTable(
  'compose_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    composeId: integer('compose_id')
      .notNull()
      .references(() => composeRules.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    expendNum: integer('expend_num').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('compose_groups_rule_idx').on(t.composeId, t.sort)],
);

/** The collectibles of a group: any of them counts toward the group's `expend_num`. */
export const composeGroupCollectibles = pgTable(
  'compose_group_collectibles',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => composeGroups.id, { onDelete: 'cascade' }),
    collectibleId: integer('collectible_id')
      .notNull()
      .references(() => collectibles.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('compose_group_collectibles_uq').on(t.groupId, t.collectibleId)],
);

/** One composition by a player: the copy it granted (`holding_id`). */
export const composeRecords = pgTable(
  'compose_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    composeId: integer('compose_id')
      .notNull()
      .references(() => composeRules.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    holdingId: integer('holding_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('compose_records_rule_idx').on(t.composeId)],
);
