import { getTableColumns, sql } from 'drizzle-orm';
import { passkeys, users, type currencies } from './schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type Currency = typeof currencies.$inferSelect;
export type UserWithCurrency = UserRow & { currency: Currency };
/** The user a signed-in request carries: everything but the password hash, which only sign-in and password checks read. */
export type SignedInUser = Omit<UserWithCurrency, 'passwordHash'>;

/**
 * What every signed-in request needs of its user: the access checks (role, verified email, identity
 * check, an operator's strong second step) and the currency money moves in. A route that shows the whole user asks for it
 * (`config.wholeUser`, plugins/auth.ts).
 */
export type AccessUser = Pick<
  SignedInUser,
  'id' | 'role' | 'emailVerifiedAt' | 'kyc' | 'authenticatorAt' | 'currency'
> & {
  hasPasskey: boolean;
};

/** Whether the user (of a query on users) has registered a passkey. */
export const userHasPasskey = sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`;

const userColumns = getTableColumns(users);
export const signedInUserColumns = {
  ...(Object.fromEntries(Object.entries(userColumns).filter(([name]) => name !== 'passwordHash')) as Omit<
    typeof userColumns,
    'passwordHash'
  >),
  hasPasskey: userHasPasskey,
};
export const accessUserColumns = {
  id: users.id,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  kyc: users.kyc,
  authenticatorAt: users.authenticatorAt,
  hasPasskey: userHasPasskey,
};
