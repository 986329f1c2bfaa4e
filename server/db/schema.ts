import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased and trimmed; the unique index relies on it. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** Null for a guest, who has no password and cannot sign in with one. */
    passwordHash: text('password_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** A new address waiting for confirmation (account e-mail change). */
    unconfirmedEmail: text('unconfirmed_email'),
    /**
     * A guest entered one world by a link: its email is a generated uid (never mailed), it has
     * no password and belongs to guestWorldId only; it goes away with that world.
     */
    isGuest: boolean('is_guest').notNull().default(false),
    guestWorldId: uuid('guest_world_id').references((): AnyPgColumn => worlds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_guest_world_idx').on(t.guestWorldId).where(sql`${t.guestWorldId} is not null`),
    // A guest always has its world; only a guest may lack a password.
    check('users_guest_shape', sql`${t.isGuest} = (${t.guestWorldId} is not null) and (${t.isGuest} or ${t.passwordHash} is not null)`),
  ],
);

/**
 * One row per signed-in client (devise_token_auth's "client"). Tokens are stored as SHA-256
 * hashes; the previous token stays valid until previousValidUntil so that requests a page fired
 * before it saw the rotated token still pass.
 */
export const authClients = pgTable(
  'auth_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: text('client').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }).notNull().defaultNow(),
    previousTokenHash: text('previous_token_hash'),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_clients_client_key').on(t.client), index('auth_clients_user_idx').on(t.userId)],
);

/** One-time tokens carried by links in mails (confirmation, password reset, e-mail change). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirmation', 'password_reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the token confirms (the sign-up address or a new one). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

/**
 * Transactional mail outbox: a mail is written in the same transaction as the change that
 * causes it, then delivered by the mail worker (SMTP when configured). Without SMTP the
 * stored mail is the delivery, readable at /dev/mails.
 */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('mails_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** Messages sent from the contact page; kept even when no support address is configured. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  category: text('category', { enum: ['general', 'billing', 'bug', 'other'] }).notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

export const worlds = pgTable('worlds', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  timeZone: text('time_zone', { enum: ['Asia/Tokyo', 'UTC'] }).notNull().default('Asia/Tokyo'),
  coverImageUrl: text('cover_image_url'),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** 'guest' is the membership of a guest user (users.is_guest) in its own world. */
export const worldRoles = ['owner', 'staff', 'user', 'guest'] as const;
export type WorldRole = (typeof worldRoles)[number];

export const worldMembers = pgTable(
  'world_members',
  {
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: worldRoles }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.userId] }), index('world_members_user_idx').on(t.userId)],
);

/**
 * Shared guest links of a world (world_guest_tokens): anyone holding the link may enter as a
 * guest while it is not expired, used up (uses = max_uses) or revoked. The token is stored as
 * is, because the owner copies the link again from the list (ADR 007). A revoked link keeps its
 * row so that entering with it says "revoked" rather than "not found".
 */
export const worldGuestTokens = pgTable(
  'world_guest_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    label: text('label'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('world_guest_tokens_token_key').on(t.token),
    index('world_guest_tokens_world_idx').on(t.worldId),
    check('world_guest_tokens_counts', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} >= 1)`),
  ],
);
