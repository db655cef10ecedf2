import { z } from 'zod';
import { ActiveState, Area, Availability, DrinkType, Id, OrderStatus, Role, Sweetness } from './shapes.js';
import { CatalogName, Description, PersonName, RejectNote, Remark } from './validation.js';

// Request bodies. zod objects strip unknown keys by default: a body carrying
// `status`, `role` or `user` where none is expected changes nothing.

const Email = z.string().trim().toLowerCase().pipe(z.email('A valid email is required.')).meta({ format: 'email' });
const NewPassword = z.string().min(8, 'Password must be at least 8 characters.').max(200);

export const RegisterBody = z.object({
  name: PersonName,
  email: Email,
  password: NewPassword,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().max(320),
  password: z.string().max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

const LinkToken = z.string().min(16).max(200);
export const VerifyEmailBody = z.object({ token: LinkToken });
export const ForgotPasswordBody = z.object({ email: Email });
export const ResetPasswordBody = z.object({ token: LinkToken, password: NewPassword });
export const ChangePasswordBody = z.object({ currentPassword: z.string().max(200), newPassword: NewPassword });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const RefreshBody = z.object({ refreshToken: z.string().min(1).max(2000) });
export const RenameBody = z.object({ name: PersonName });
export const LogoutBody = z.object({ status: z.literal('INACTIVE') });

export const AdminUserPatch = z.object({
  name: PersonName.optional(),
  role: Role.optional(),
  isAvailable: z.boolean().optional(),
});
export type AdminUserPatch = z.infer<typeof AdminUserPatch>;

export const CategoryCreateBody = z.object({ name: CatalogName, categoryFor: Area });
export type CategoryCreateBody = z.infer<typeof CategoryCreateBody>;
export const CategoryPatchBody = z.object({
  name: CatalogName.optional(),
  categoryFor: Area.optional(),
  isAvailable: Availability.optional(),
});
export type CategoryPatchBody = z.infer<typeof CategoryPatchBody>;

export const MenuCreateBody = z.object({
  name: CatalogName,
  description: Description,
  category_id: Id,
});
export type MenuCreateBody = z.infer<typeof MenuCreateBody>;
export const MenuPatchBody = z.object({
  name: CatalogName.optional(),
  description: Description.optional(),
  category_id: Id.optional(),
  isActive: ActiveState.optional(),
  isAvailable: Availability.optional(),
});
export type MenuPatchBody = z.infer<typeof MenuPatchBody>;

export const Location = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** Shape only; which fields a menu needs (cafe vs bar) is decided on the server. */
export const PlaceOrderBody = z.object({
  menu_id: Id,
  menu_name: z.string().max(200).optional(),
  type: DrinkType.nullable().optional(),
  sweetness: Sweetness.nullable().optional(),
  /** Required for a cafe drink ('' for none); a bar drink takes none. */
  remark: Remark.optional(),
  tumblerImage: z.string().max(2000).nullable().optional(),
  location: Location.optional(),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;
/** The drink a person chose, as PlaceOrderBody carries it: the PlaceOrder command holds exactly this. */
export const DrinkChoice = PlaceOrderBody.pick({ type: true, sweetness: true, remark: true, tumblerImage: true });
export type DrinkChoice = z.input<typeof DrinkChoice>;

export const OwnerOrderPatch = z.object({ status: z.enum(['cancel', 'picked']) });
export const BaristaOrderPatch = z.discriminatedUnion('status', [
  /** Staff hand a done drink over. */
  z.object({ status: z.literal('picked') }),
  z.object({ status: z.literal('in-progress'), reject_note: z.string().max(100).nullable().optional() }),
  z.object({ status: z.literal('done'), reject_note: z.string().max(100).nullable().optional() }),
  z.object({ status: z.literal('rejected'), reject_note: RejectNote }),
]);
export type BaristaOrderPatch = z.infer<typeof BaristaOrderPatch>;

/** A calendar date or an ISO date-time (February 30th is neither; Date.parse would take it, and 'hello 5'). */
const IsoDateOrTime = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })]);

/**
 * A day's margin inside what the database compares as text: an instant past 9999 is written `+010000-…`
 * in UTC and sorts before every real date (a range from 9999-12-31T23:59-23:59 listed every order).
 */
const EARLIEST = Date.parse('0001-01-02T00:00:00Z');
const LATEST = Date.parse('9999-12-30T23:59:59Z');
const HAS_OFFSET = /(?:z|[+-]\d{2}(?::?\d{2})?)$/i;

function withinYears(s: string): boolean {
  const t = Date.parse(s.length === 10 || HAS_OFFSET.test(s) ? s : `${s}Z`);
  return Number.isNaN(t) || (t >= EARLIEST && t <= LATEST); // not a date at all: the check before says so
}

/** An ISO date (midnight in the business time zone) or an ISO instant. */
export const DateParam = z
  .string()
  // An offset's `+` left unencoded in a query string arrives as a space (`…T00:00:00 07:00`).
  .overwrite((s) => s.replace(/(T[\d:.]+) (\d{2}(?::?\d{2})?)$/, '$1+$2'))
  .refine(
    (s) => IsoDateOrTime.safeParse(s).success,
    'Expected an ISO date (2026-11-27) or date-time (2026-11-27T09:30, with Z or an offset like +07:00 for an instant)',
  )
  .refine(withinYears, 'Expected a date between the years 0001 and 9999')
  .meta({ anyOf: [{ format: 'date' }, { format: 'date-time' }] });

/** Lists are pages with a cap: at most this many by default and per request (`Link: rel="next"` when more may follow). */
export const ORDER_PAGE_MAX = 5000;
export const USER_PAGE_MAX = 1000;
function Page(max: number) {
  return {
    limit: z.coerce.number().int().min(1).max(max).default(max),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  };
}

export const OrderQuery = z.object({
  status: z
    .union(
      [
        OrderStatus,
        z
          .string()
          .meta({
            description: 'Several statuses, comma-separated',
            pattern: `^ *(${OrderStatus.options.join('|')})( *, *(${OrderStatus.options.join('|')}))* *$`,
          })
          .transform((s, ctx) => {
            const parts = s.split(',').map((p) => p.trim());
            for (const p of parts)
              if (!OrderStatus.safeParse(p).success) {
                ctx.addIssue({ code: 'custom', message: `Unknown status '${p}'` });
                return z.NEVER;
              }
            return parts as OrderStatus[];
          }),
        // ?status=ordered&status=in-progress, as a query string of repeated keys reads.
        z.array(OrderStatus).min(1).meta({ description: 'Several statuses, the key repeated' }),
      ],
      {
        // One message for the three forms: zod's own for a union said only 'Invalid input'.
        error: `Expected one of ${OrderStatus.options.join(', ')}; several comma-separated or with the key repeated.`,
      },
    )
    .optional(),
  startDate: DateParam.optional(),
  endDate: DateParam.optional(),
  ...Page(ORDER_PAGE_MAX),
});
export type OrderQuery = z.infer<typeof OrderQuery>;

export const UserListQuery = z.object(Page(USER_PAGE_MAX));
export type UserListQuery = z.infer<typeof UserListQuery>;

export const StatsQuery = z.object({
  startDate: DateParam.optional(),
  endDate: DateParam.optional(),
  categoryFor: Area.optional(),
});
export type StatsQuery = z.infer<typeof StatsQuery>;

export const SummaryQuery = z.object({ date: DateParam.optional() });

export const UploadImageBody = z.object({
  file: z
    .string()
    .min(1)
    .max(8 * 1024 * 1024),
});

// Responses beyond the shared shapes.
export const CountResponse = z.object({ totalOrder: z.number().int() });
export const PopularMenuRow = z.object({
  Menu_name: z.string(),
  categoryName: z.string(),
  categoryFor: Area,
  totalOrder: z.number().int(),
});
export type PopularMenuRow = z.infer<typeof PopularMenuRow>;
export const OrderSummary = z.object({
  /** Every order placed that day, whatever its status. */
  total: z.number().int(),
  /** The orders that count (not cancel or rejected): what /order/count/total answers for that day. */
  counted: z.number().int(),
  byStatus: z.object({
    ordered: z.number().int(),
    'in-progress': z.number().int(),
    done: z.number().int(),
    picked: z.number().int(),
    rejected: z.number().int(),
    cancel: z.number().int(),
  }),
});
export type OrderSummary = z.infer<typeof OrderSummary>;
export const UploadResponse = z.object({ url: z.string() });

/** What the client needs to know about the server's configuration (public). */
export const ClientConfig = z.object({
  companyEmailDomain: z.string(),
  businessTimeZone: z.string(),
  officeCheck: z.boolean(),
  /** Company sign-in (OpenID Connect) when configured: the button says "Sign in with {name}". */
  companySignIn: z.object({ name: z.string() }).optional(),
  /** True when an account orders only once its mailbox is proven (ACCOUNT_RULES strict). */
  verifiedEmailToOrder: z.boolean().optional(),
  /** True when a new password is also refused for being common or naming the company (ACCOUNT_RULES strict). */
  weakPasswordsRefused: z.boolean().optional(),
  /** False when only the company account signs in (OIDC_ONLY): no password login, registration or reset. */
  passwordSignIn: z.boolean().optional(),
  /** How long after completing or rejecting an order staff may recall it (RECALL_WINDOW_SECONDS). */
  recallWindowSeconds: z.number().int().nonnegative().optional(),
  /** The server clock (ISO instant) when answering; lets the client honour FAKE_NOW. */
  now: z.string().optional(),
  /**
   * The business zone's UTC offsets from a few weeks before `now` to a few weeks after, so the browser
   * reads business days and times without building an Intl time-zone formatter (see adoptZoneOffsets).
   */
  businessTimeOffsets: z
    .object({
      until: z.string(),
      offsets: z.array(z.object({ from: z.string(), offsetMinutes: z.number() })),
    })
    .optional(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
