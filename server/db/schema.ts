import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  LAYOUT_HEIGHT,
  LAYOUT_WIDTH,
  type PlacedSpace,
  SPACE_KINDS,
} from '../../src/domain/layout';
import { QUESTION_TYPES } from '../../src/domain/questionnaire';

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
    /** The user's icon as the file storage serves it (their own userIcon upload), null when none. */
    iconUrl: text('icon_url'),
    /**
     * A guest entered one world by a link: its email is a generated uid (never mailed), it has
     * no password and belongs to guestWorldId only; it goes away with that world.
     */
    isGuest: boolean('is_guest').notNull().default(false),
    guestWorldId: uuid('guest_world_id').references((): AnyPgColumn => worlds.id, {
      onDelete: 'cascade',
    }),
    /** The user's customer at the payment provider, and which provider (a customer of another is not reused). */
    paymentCustomerId: text('payment_customer_id'),
    paymentCustomerProvider: text('payment_customer_provider', { enum: ['local', 'stripe'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_guest_world_idx')
      .on(t.guestWorldId)
      .where(sql`${t.guestWorldId} is not null`),
    // A guest always has its world; only a guest may lack a password.
    check(
      'users_guest_shape',
      sql`${t.isGuest} = (${t.guestWorldId} is not null) and (${t.isGuest} or ${t.passwordHash} is not null)`,
    ),
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
  (t) => [
    uniqueIndex('auth_clients_client_key').on(t.client),
    index('auth_clients_user_idx').on(t.userId),
  ],
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
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
  ],
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
  (t) => [
    index('mails_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
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

/**
 * A deleted world keeps its row with archived_at set (ADR 009): payment histories reference it
 * without a cascade (ADR 008). An archived world is hidden from every world-scoped call and list.
 */
export const worlds = pgTable('worlds', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  timeZone: text('time_zone', { enum: ['Asia/Tokyo', 'UTC'] })
    .notNull()
    .default('Asia/Tokyo'),
  coverImageUrl: text('cover_image_url'),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Set when the owner deleted the world; the row stays for the payment histories. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
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
    /** The member's status in the world (nowDoing, docs/product.md §4 状態), null when unset. */
    nowDoing: text('now_doing'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.worldId, t.userId] }),
    index('world_members_user_idx').on(t.userId),
  ],
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
    /**
     * shared: anyone may enter and a guest is created per entry; instant: the same, listed as the
     * world's instant entrances (/worlds/{id}/instantEnter); personal: the one guest of
     * guest_user_id re-enters with it (created by createGuest, or on entry by another link).
     */
    kind: text('kind', { enum: ['shared', 'instant', 'personal'] })
      .notNull()
      .default('shared'),
    guestUserId: uuid('guest_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A personal link's guest: the address the entry link was mailed to, if any. */
    email: text('email'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** A personal link's guest: the enter-guest badge they picked. */
    badgeId: uuid('badge_id').references((): AnyPgColumn => enterGuestBadges.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('world_guest_tokens_token_key').on(t.token),
    uniqueIndex('world_guest_tokens_guest_key').on(t.guestUserId),
    check(
      'world_guest_tokens_personal',
      sql`(${t.kind} = 'personal') = (${t.guestUserId} is not null)`,
    ),
    index('world_guest_tokens_world_idx').on(t.worldId),
    check(
      'world_guest_tokens_counts',
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.maxUses} >= 1)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Reservations and payments (ADR 008)

export const paymentProviders = ['local', 'stripe'] as const;

/**
 * A card a user saved with the payment provider. Only what may be shown is kept (brand, last 4,
 * expiry); the number stays with the provider. Removing a card keeps the row (deleted_at) because
 * payment histories name the card they were paid with.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    // At most one default card per user among the cards still saved.
    uniqueIndex('payment_methods_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.deletedAt} is null`),
  ],
);

/**
 * Payment histories (docs/product.md §3, PaymentHistory): one row per checkout, card or fixed plan.
 * processing → (requires_action →) succeeded | failed; succeeded → refunded. world_name is the
 * world's name when paid (ssWorldName). Kept when cards are removed; a world with payments is
 * not deleted outright (no cascade: the history is an accounting record).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paymentType: text('payment_type', { enum: ['card', 'fixed', 'konbini'] })
      .notNull()
      .default('card'),
    status: text('status', {
      enum: ['processing', 'requires_action', 'succeeded', 'failed', 'refunded'],
    }).notNull(),
    total: integer('total').notNull(),
    /** Null for a fixed-plan payment (no charge). */
    provider: text('provider', { enum: paymentProviders }),
    providerPaymentId: text('provider_payment_id'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    cardLast4: text('card_last4'),
    receiptUrl: text('receipt_url'),
    /** The world's name when paid (ssWorldName). */
    worldName: text('world_name').notNull(),
    failureMessage: text('failure_message'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** コンビニ払い (payment_type konbini): the voucher the payer takes to the store, until paid or expired. */
    voucherNumber: text('voucher_number'),
    voucherConfirmation: text('voucher_confirmation'),
    voucherExpiresAt: timestamp('voucher_expires_at', { withTimezone: true }),
    /** The provider's printable voucher (Stripe's hosted_voucher_url); null for the local provider. */
    voucherUrl: text('voucher_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_world_idx').on(t.worldId, t.createdAt),
    index('payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    check('payments_total', sql`${t.total} >= 0`),
  ],
);

/**
 * Dates a world is booked for. pending = held for a checkout until hold_expires_at; reserved =
 * paid (or covered by a fixed plan); cancelled. "finished" is derived (end_at < now) when
 * answering. Live dates (reserved, or pending with an unexpired hold) of one world never overlap:
 * checked with the world row locked (server/calendar/rules.ts).
 */
export const calendarDates = pgTable(
  'calendar_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    isRehearsal: boolean('is_rehearsal').notNull().default(false),
    status: text('status', { enum: ['pending', 'reserved', 'cancelled'] }).notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => payments.id),
    paidByFixed: boolean('paid_by_fixed').notNull().default(false),
    /** An event announcement of the same world (foreign key on world_id and this id, below). */
    eventAnnouncementId: uuid('event_announcement_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendar_dates_world_start_idx').on(t.worldId, t.startAt),
    index('calendar_dates_payment_idx').on(t.paymentId),
    check('calendar_dates_range', sql`${t.endAt} > ${t.startAt}`),
    check('calendar_dates_capacity', sql`${t.capacity} between 1 and 1000`),
    check('calendar_dates_hold', sql`${t.status} <> 'pending' or ${t.holdExpiresAt} is not null`),
    index('calendar_dates_event_idx')
      .on(t.eventAnnouncementId)
      .where(sql`${t.eventAnnouncementId} is not null`),
    // Both columns: an announcement of another world cannot be named. Deleting an announcement
    // unlinks its dates first (server/events); it is refused while a reserved date names it.
    foreignKey({
      name: 'calendar_dates_event_announcement_fk',
      columns: [t.worldId, t.eventAnnouncementId],
      foreignColumns: [eventAnnouncements.worldId, eventAnnouncements.id],
    }),
  ],
);

/**
 * The refund of one cancelled date of a card payment, under the cancellation policy
 * (src/domain/refund-policy.ts): recorded pending in the cancelling transaction, then refunded at
 * the provider with the row's id as the idempotency key (succeeded). One per date: a second
 * request for the same date finds this row.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    calendarDateId: uuid('calendar_date_id')
      .notNull()
      .references(() => calendarDates.id, { onDelete: 'cascade' }),
    /** The date's amount when paid, and the percent given back of it. */
    dateAmount: integer('date_amount').notNull(),
    percent: integer('percent').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'succeeded'] }).notNull(),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_date_key').on(t.calendarDateId),
    index('payment_refunds_payment_idx').on(t.paymentId),
    check('payment_refunds_amount', sql`${t.amount} > 0 and ${t.amount} <= ${t.dateAmount}`),
  ],
);

/**
 * A fixed-price plan of a world, set by an operator (no API writes it): between starts_on and
 * ends_on (inclusive, Asia/Tokyo dates; open-ended when null) the owner reserves dates up to
 * max_capacity without a card charge.
 */
export const fixedPlans = pgTable(
  'fixed_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    planName: text('plan_name').notNull(),
    maxCapacity: integer('max_capacity').notNull(),
    monthlyFee: integer('monthly_fee').notNull(),
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on'),
    createdAt: createdAt(),
  },
  (t) => [index('fixed_plans_world_idx').on(t.worldId)],
);

/**
 * An invoice (請求書/領収書) requested for a payment: stored, numbered, and mailed to the
 * operator (CONTACT_TO) who sends the signed document; one per payment.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    addressee: text('addressee').notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: ['issued', 'paid', 'void'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_payment_key').on(t.paymentId),
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_world_idx').on(t.worldId, t.issuedAt),
  ],
);

/**
 * The addressee (宛名) a payer wrote on the receipt of a payment, replacing their own name: once
 * only (the primary key), with who and when (docs/receipts.md).
 */
export const receiptAddressees = pgTable('receipt_addressees', {
  paymentId: uuid('payment_id')
    .primaryKey()
    .references(() => payments.id),
  addressee: text('addressee').notNull(),
  editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
  editedAt: timestamp('edited_at', { withTimezone: true }).notNull(),
});

// The local payment provider's own tables: what a card processor keeps, on this machine.

export const localCustomers = pgTable('local_customers', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/**
 * Tokenised test cards. The number is not kept: only what it shows (brand, last 4, expiry) and
 * the test behaviour its number selects.
 */
export const localCards = pgTable('local_cards', {
  token: text('token').primaryKey(),
  customerId: text('customer_id').references(() => localCustomers.id),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  behaviour: text('behaviour', {
    enum: ['succeed', 'decline', 'authenticate', 'insufficient_funds'],
  }).notNull(),
  detachedAt: timestamp('detached_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One row per charge attempt (idempotency key unique): the local provider's ledger. */
export const localPayments = pgTable(
  'local_payments',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => localCustomers.id),
    /** Null for a コンビニ払い voucher (method konbini). */
    cardToken: text('card_token').references(() => localCards.token),
    method: text('method', { enum: ['card', 'konbini'] })
      .notNull()
      .default('card'),
    /** A voucher's payment number, confirmation number and pay-by deadline (method konbini). */
    konbiniNumber: text('konbini_number'),
    konbiniConfirmation: text('konbini_confirmation'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['requires_action', 'succeeded', 'failed'] }).notNull(),
    failureMessage: text('failure_message'),
    /** Unguessable: the receipt page's address is a capability URL. */
    receiptId: text('receipt_id').notNull(),
    receiptNumber: text('receipt_number').notNull(),
    description: text('description').notNull(),
    metadata: text('metadata').notNull().default('{}'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('local_payments_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('local_payments_receipt_key').on(t.receiptId),
    uniqueIndex('local_payments_receipt_number_key').on(t.receiptNumber),
  ],
);

/** The local provider's partial refunds; the idempotency key makes a retried refund one refund. */
export const localRefunds = pgTable('local_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => localPayments.id),
  amount: integer('amount').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// World membership: invitations

/**
 * Invitations mailed by a world: role 'staff' (staff invitations, accepted on /invite-staff) or
 * 'user' (attendee invitations). The link's token is stored only as a SHA-256 hash (ADR 002);
 * a resend replaces it. Deleting an invitation sets revoked_at, so its link says "withdrawn"
 * rather than "not found". At most one open invitation (not accepted, not revoked) per world,
 * role and address.
 */
export const worldInvitations = pgTable(
  'world_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['staff', 'user'] }).notNull(),
    /** Lower-cased and trimmed, like users.email. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    message: text('message'),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('world_invitations_token_key').on(t.tokenHash),
    index('world_invitations_world_idx').on(t.worldId, t.role, t.createdAt),
    uniqueIndex('world_invitations_open_key')
      .on(t.worldId, t.role, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// World membership: the enter-guest page

/** What the world's enter-guest page says above the name field; one row per world, once saved. */
export const enterGuestIntroductions = pgTable('enter_guest_introductions', {
  worldId: uuid('world_id')
    .primaryKey()
    .references(() => worlds.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  imageUrl: text('image_url'),
  updatedAt: updatedAt(),
});

/** Badges a guest may pick when entering (e.g. 登壇者, 協賛), in order; replaced as a whole. */
export const enterGuestBadges = pgTable(
  'enter_guest_badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    color: text('color').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('enter_guest_badges_position_key').on(t.worldId, t.position)],
);

// ---------------------------------------------------------------------------------------------
// World membership: groups and URL names

/** A user's own grouping of worlds they own (world groups); the worlds stay where they are. */
export const worldGroups = pgTable(
  'world_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('world_groups_user_idx').on(t.userId)],
);

export const worldGroupWorlds = pgTable(
  'world_group_worlds',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => worldGroups.id, { onDelete: 'cascade' }),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.worldId] }),
    index('world_group_worlds_world_idx').on(t.worldId),
  ],
);

/** A world's custom URL name (slug), usable instead of its id (/api/world_ids/{slug}). */
export const worldSlugs = pgTable(
  'world_slugs',
  {
    worldId: uuid('world_id')
      .primaryKey()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('world_slugs_slug_key').on(t.slug)],
);

// ---------------------------------------------------------------------------------------------
// Spaces, realtime and meetings (ADR 010)

/**
 * A place inside a world where people meet (main hall, tables, a stage later). Every world has
 * exactly one main space, created with the world (and backfilled for older worlds).
 */
export const spaces = pgTable(
  'spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    /**
     * Place on the world's layout (src/domain/layout.ts, ADR 015). The defaults make a main space
     * made before layouts existed the hall covering the whole grid.
     */
    kind: text('kind', { enum: SPACE_KINDS }).notNull().default('hall'),
    x: integer('x').notNull().default(0),
    y: integer('y').notNull().default(0),
    width: integer('width').notNull().default(LAYOUT_WIDTH),
    height: integer('height').notNull().default(LAYOUT_HEIGHT),
    /** Seats: world_user_spaces never holds more rows for the space than this. */
    capacity: integer('capacity').notNull().default(100),
    /** A table owner or staff closed to listening in (hearingTable, ADR 038). */
    listeningOff: boolean('listening_off').notNull().default(false),
    /** Order in the editor's list, as last saved. */
    position: integer('position').notNull().default(0),
    /** Removed from the layout; kept so that its meetings and their time counts stay. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('spaces_world_idx').on(t.worldId),
    uniqueIndex('spaces_one_main_key')
      .on(t.worldId)
      .where(sql`${t.isMain}`),
    check('spaces_capacity', sql`${t.capacity} > 0`),
  ],
);

/**
 * A world's layout: the background and the version every save must name (optimistic
 * concurrency, ADR 015); its spaces are the world's rows in spaces. Made by the first save: a
 * world without one shows the default layout at version 0.
 */
export const layouts = pgTable('layouts', {
  worldId: uuid('world_id')
    .primaryKey()
    .references(() => worlds.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  version: integer('version').notNull(),
  /** A built-in base space (server/layouts/built-ins.ts), or null for a colour or image of one's own. */
  baseSpaceId: uuid('base_space_id'),
  backgroundColor: text('background_color').notNull(),
  backgroundImageUrl: text('background_image_url'),
  updatedAt: updatedAt(),
});

/** A layout an owner saved to apply to any of their worlds; the built-in ones live in code. */
export const presets = pgTable(
  'presets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    baseSpaceId: uuid('base_space_id'),
    backgroundColor: text('background_color').notNull(),
    backgroundImageUrl: text('background_image_url'),
    /** The spaces without ids (PlacedSpace[] of src/domain/layout.ts). */
    spaces: jsonb('spaces').$type<PlacedSpace[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('presets_user_idx').on(t.userId)],
);

/** Which space each attendee of a world is in: one row per attendee, replaced on every move. */
export const worldUserSpaces = pgTable(
  'world_user_spaces',
  {
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.worldId, t.userId] }),
    index('world_user_spaces_space_idx').on(t.spaceId),
  ],
);

/**
 * Raised hands (docs/product.md §4 挙手, ADR 034): one per person and world, in the space it was
 * raised in. A hand counts only while its person still sits in that space (world_user_spaces):
 * moving or leaving takes it down, and the move deletes the row.
 */
export const raisedHands = pgTable(
  'raised_hands',
  {
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    /** The order hands went up in: two raised within one clock reading still have one. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.worldId, t.userId] }),
    index('raised_hands_space_idx').on(t.spaceId, t.seq),
  ],
);

/**
 * Single-use tickets for the WebSocket (30 s), stored as SHA-256 hashes: the browser cannot send
 * the auth headers on a WebSocket, and the session token must not travel in a URL.
 */
/**
 * Attendees kicked from a world (kickFromChimeMeetings): they cannot enter it again, by any door,
 * until an owner or staff allows it, which deletes the row (ADR 016).
 */
export const worldRemovals = pgTable(
  'world_removals',
  {
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.userId] })],
);

export const realtimeTickets = pgTable(
  'realtime_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('realtime_tickets_hash_key').on(t.tokenHash),
    index('realtime_tickets_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * A meeting of a space at the meeting provider (local mesh, local media server or Chime). At most one live meeting
 * (ended_at null) per space; it ends when its last attendee leaves.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'sfu', 'chime'] }).notNull(),
    /** The provider's Meeting object (MeetingId, ExternalMeetingId, MediaRegion, MediaPlacement) as JSON. */
    providerMeeting: text('provider_meeting').notNull(),
    /**
     * The server process whose media server holds the meeting's room (provider `sfu`, ADR 039):
     * the one that started the meeting, then the one that took over its lapsed lease. Null on
     * the mesh and Chime.
     */
    mediaProcessId: uuid('media_process_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('meetings_world_idx').on(t.worldId),
    index('meetings_media_process_idx')
      .on(t.mediaProcessId)
      .where(sql`${t.endedAt} is null`),
    uniqueIndex('meetings_one_live_per_space_key')
      .on(t.spaceId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * A user's presence in a meeting under the provider's attendee id. A user has at most one
 * current attendee (left_at null) per world: joining again (another tab or device) ends the
 * previous one. The forced flags are carried over to the user's next attendee of the meeting.
 */
export const meetingAttendees = pgTable(
  'meeting_attendees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attendeeId: text('attendee_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** SHA-256 of the key a closed page sends to end this attendance at once (ADR 035). */
    leaveKeyHash: text('leave_key_hash'),
    micForceDisabled: boolean('mic_force_disabled').notNull().default(false),
    videoForceDisabled: boolean('video_force_disabled').notNull().default(false),
    /**
     * Watching the stage's live stream (ADR 026): receives only, takes no seat and does not count
     * against the world's capacity; left out of the attendees others connect to.
     */
    watching: boolean('watching').notNull().default(false),
  },
  (t) => [
    uniqueIndex('meeting_attendees_attendee_key').on(t.attendeeId),
    index('meeting_attendees_meeting_idx').on(t.meetingId, t.userId),
    uniqueIndex('meeting_attendees_one_current_key')
      .on(t.meetingId, t.userId)
      .where(sql`${t.leftAt} is null`),
  ],
);

/**
 * A recording of a meeting (chime_meeting_recordings, ADR 025): recording → processing → ready or
 * failed (with the reason). One recording at a time per meeting. `storage` is the recorder's own
 * JSON (the local file's key, or Chime's pipeline ARNs and S3 prefix).
 */
export const meetingRecordings = pgTable(
  'meeting_recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    status: text('status', { enum: ['recording', 'processing', 'ready', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    recorder: text('recorder', { enum: ['local', 'chime'] }).notNull(),
    storage: text('storage'),
    /** The server process recording it (server_processes; null before leases existed). */
    processId: uuid('process_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('meeting_recordings_world_idx').on(t.worldId, t.createdAt),
    uniqueIndex('meeting_recordings_one_running_key')
      .on(t.meetingId)
      .where(sql`${t.status} = 'recording'`),
  ],
);

/**
 * A stage's live stream (live_streamings/{id}, ADR 026): one row per stage space, its latest
 * state. Locally the stage's meeting on the media server is what watchers receive; with AWS a
 * Chime media live connector pipeline also sends it to the owner's RTMP(S) URL.
 */
export const liveStreamings = pgTable(
  'live_streamings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status', { enum: ['idle', 'live', 'ended', 'failed'] }).notNull(),
    /** The RTMP(S) URL given when it started on AWS (a stream key inside: never answered). */
    destinationUrl: text('destination_url'),
    /** The Chime media live connector pipeline while live on AWS. */
    pipelineId: text('pipeline_id'),
    failureReason: text('failure_reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('live_streamings_space_key').on(t.spaceId)],
);

/** Seconds attendees reported spending in meetings (chime_meeting_time_counts). */
export const meetingTimeCounts = pgTable(
  'meeting_time_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('meeting_time_counts_world_idx').on(t.worldId, t.recordedAt),
    check('meeting_time_counts_seconds', sql`${t.seconds} > 0`),
  ],
);

/** The notice shown to everyone inside a world; absent until first written. */
export const informationBoards = pgTable('information_boards', {
  worldId: uuid('world_id')
    .primaryKey()
    .references(() => worlds.id, { onDelete: 'cascade' }),
  body: text('body').notNull().default(''),
  visible: boolean('visible').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** "Someone entered the world", kept for the owner and staff (enter_notifications). */
export const enterNotifications = pgTable(
  'enter_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('enter_notifications_world_idx').on(t.worldId, t.enteredAt)],
);

// ---------------------------------------------------------------------------------------------
// Questionnaires (owner and staff write them; members answer)

/**
 * A questionnaire of a world. Members answer while it is published and inside opens_at..closes_at
 * (either end open when null). Anonymous answers keep no user (see questionnaire_answers).
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['draft', 'published', 'closed'] })
      .notNull()
      .default('draft'),
    anonymous: boolean('anonymous').notNull().default(false),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questionnaires_world_idx').on(t.worldId, t.createdAt),
    check(
      'questionnaires_window',
      sql`${t.opensAt} is null or ${t.closesAt} is null or ${t.closesAt} > ${t.opensAt}`,
    ),
  ],
);

/** Positions are 0..n-1 within a questionnaire; reordering rewrites them with the questionnaire locked. */
export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    type: text('type', { enum: QUESTION_TYPES }).notNull(),
    title: text('title').notNull(),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull(),
    /** The top of the scale of a rating question (2..10); null for the other types. */
    ratingMax: integer('rating_max'),
    createdAt: createdAt(),
  },
  (t) => [
    index('questionnaire_questions_questionnaire_idx').on(t.questionnaireId, t.position),
    check(
      'questionnaire_questions_rating',
      sql`(${t.type} = 'rating') = (${t.ratingMax} is not null) and (${t.ratingMax} is null or ${t.ratingMax} between 2 and 10)`,
    ),
  ],
);

export const questionnaireChoices = pgTable(
  'questionnaire_choices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questionnaireQuestions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('questionnaire_choices_question_idx').on(t.questionId, t.position)],
);

/** One answer of one member, as the AnswerItem list it was sent as (checked against the questions). */
export type StoredAnswerItem = {
  questionId: string;
  choiceIds?: string[];
  text?: string;
  rating?: number;
};

/**
 * One answer per member per questionnaire: respondent_key is a hash of the questionnaire and the
 * user, unique per questionnaire, so anonymous answers are also one per member while user_id
 * stays null for them.
 */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    respondentKey: text('respondent_key').notNull(),
    /** Null when the questionnaire is anonymous, or once the user was deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    items: jsonb('items').$type<StoredAnswerItem[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('questionnaire_answers_respondent_key').on(t.questionnaireId, t.respondentKey),
    index('questionnaire_answers_questionnaire_idx').on(t.questionnaireId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Event announcements and e-mail registration

/**
 * A world's event, announced publicly from published_at on (null: a draft). Reserved calendar
 * dates of the same world may point at it (calendar_dates.event_announcement_id, a foreign key
 * on (world_id, id) so a date can only name an announcement of its own world).
 */
export const eventAnnouncements = pgTable(
  'event_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    venue: text('venue').notNull().default(''),
    capacity: integer('capacity').notNull(),
    registrationOpen: boolean('registration_open').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    coverImageUrl: text('cover_image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_announcements_world_id_key').on(t.worldId, t.id),
    index('event_announcements_world_start_idx').on(t.worldId, t.startAt),
    index('event_announcements_published_start_idx')
      .on(t.startAt)
      .where(sql`${t.publishedAt} is not null`),
    check('event_announcements_range', sql`${t.endAt} > ${t.startAt}`),
    check('event_announcements_capacity', sql`${t.capacity} between 1 and 1000`),
  ],
);

/**
 * registered_emails: a person registered for an event by e-mail (double opt-in). The mailed
 * one-time token is kept as a hash until it is used; confirmed_at marks a seat taken, and the
 * confirmation creates a personal guest link (guest_token_id) to enter the world.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventAnnouncementId: uuid('event_announcement_id')
      .notNull()
      .references(() => eventAnnouncements.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed; one registration per address and event. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    guestTokenId: uuid('guest_token_id').references(() => worldGuestTokens.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_registrations_email_key').on(t.eventAnnouncementId, t.email),
    uniqueIndex('event_registrations_token_key').on(t.tokenHash),
  ],
);

// ---------------------------------------------------------------------------------------------
// News, virtual backgrounds, public API tokens, user actions

/** Product news (/api/news), public from published_at on. Written by operators (seeded in development). */
export const news = pgTable(
  'news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    url: text('url'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

/**
 * Camera backgrounds (ADR 024): shared ones offered to everyone (no user; operators add them,
 * development seeds a few) and the images a user uploaded, seen and deleted by that user only
 * (the file at file_key of the uploads storage goes with the row).
 */
export const virtualBackgrounds = pgTable(
  'virtual_backgrounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    fileKey: text('file_key'),
  },
  (t) => [
    index('virtual_backgrounds_user_idx').on(t.userId),
    uniqueIndex('virtual_backgrounds_file_key').on(t.fileKey),
    check('virtual_backgrounds_upload', sql`(${t.userId} is null) = (${t.fileKey} is null)`),
  ],
);

/** One public API token per user, kept as a SHA-256 hash; the token is shown once when created. */
export const userPublicApiTokens = pgTable('user_public_api_tokens', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  tokenPrefix: text('token_prefix').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/**
 * What members did in a world (entered, left, spoke, ...), from the NDJSON batches the app
 * uploads (createUserActionPresignedUrl); read by the owner's aggregate and CSV download.
 */
export const userActions = pgTable(
  'user_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    /** Null once the user was deleted: the count stays. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The batch it came in: a batch re-uploaded to the same key is not counted twice. */
    batchKey: text('batch_key').notNull(),
    lineNo: integer('line_no').notNull(),
  },
  (t) => [
    index('user_actions_world_time_idx').on(t.worldId, t.occurredAt),
    uniqueIndex('user_actions_batch_line_key').on(t.batchKey, t.lineNo),
  ],
);

// ---------------------------------------------------------------------------------------------
// Chat (docs/product.md §4 チャット, ADR 029)

export const chatKinds = ['world', 'space', 'direct'] as const;

/**
 * A chat message. `channel_key` names its channel the same way for everyone who reads it
 * (`world`, `space:<id>`, `direct:<lower id>:<higher id>`), so one index serves every history.
 * The sender's name, role and badge are kept as they were when posting: the history and the CSV
 * say who wrote it then. A deleted message keeps its row with body null (削除されたメッセージ).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of the world's messages, and the cursor of the history. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    channelKey: text('channel_key').notNull(),
    kind: text('kind', { enum: chatKinds }).notNull(),
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    senderRole: text('sender_role', { enum: worldRoles }).notNull(),
    badgeLabel: text('badge_label'),
    badgeColor: text('badge_color'),
    body: text('body'),
    mentionedUserIds: uuid('mentioned_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('chat_messages_channel_idx').on(t.worldId, t.channelKey, t.seq),
    check('chat_messages_body', sql`(${t.body} is null) = (${t.deletedAt} is not null)`),
    check(
      'chat_messages_kind',
      sql`(${t.kind} = 'space') = (${t.spaceId} is not null) and (${t.kind} = 'direct') = (${t.recipientId} is not null)`,
    ),
  ],
);

/** How far each member has read each channel: unread counts survive a reload. */
export const chatReadPositions = pgTable(
  'chat_read_positions',
  {
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelKey: text('channel_key').notNull(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.userId, t.channelKey] })],
);

/** Members muted in a world's chat by owner or staff, until unmuted. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedBy: uuid('muted_by').references(() => users.id, { onDelete: 'set null' }),
    mutedAt: timestamp('muted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.userId] })],
);

/** World and space chat switched on or off; a world without a row has both on. */
export const chatSettings = pgTable('chat_settings', {
  worldId: uuid('world_id')
    .primaryKey()
    .references(() => worlds.id, { onDelete: 'cascade' }),
  worldChat: boolean('world_chat').notNull().default(true),
  spaceChat: boolean('space_chat').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Every running server process and its lease (docs/decisions/032): renewed by its heartbeat;
 * once it lapses, one live process claims the row (reaped_by), takes over what the dead one
 * owned, and deletes it. No foreign keys point here: owned rows keep the id after the row goes.
 */
export const serverProcesses = pgTable('server_processes', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** On the database's clock, so processes on machines with different clocks agree. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  reapedBy: uuid('reaped_by'),
});

/**
 * Questions to the stage (docs/product.md §4 ステージへの質問, ADR 035). `vote_count` is kept
 * beside the votes so the list sorts without counting; both change in one statement's transaction.
 */
export const stageQuestions = pgTable(
  'stage_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name as it was when asked, like a chat message's sender. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('stage_questions_world_idx').on(t.worldId, t.createdAt)],
);

/** One vote per person and question. */
export const stageQuestionVotes = pgTable(
  'stage_question_votes',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => stageQuestions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

/** The text announcement shown in every space of a world, until owner or staff take it down. */
export const worldAnnouncements = pgTable('world_announcements', {
  worldId: uuid('world_id')
    .primaryKey()
    .references(() => worlds.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  fromName: text('from_name').notNull(),
  createdAt: createdAt(),
});

/**
 * Who waits for a seat at a full table (docs/product.md §4 空いたら知らせる, ADR 035), in the
 * order they asked; the first is told and leaves the list when a seat frees.
 */
export const seatWaits = pgTable(
  'seat_waits',
  {
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.spaceId, t.userId] }),
    index('seat_waits_order_idx').on(t.spaceId, t.createdAt),
  ],
);
