import type { UserResource } from '@itrust/contracts';
import type { KycDocument } from '../kyc/kyc.repository.ts';
import type { Currency, SignedInUser } from './users.repository.ts';

const summary = ({ id, code, name, sign }: Currency) => ({ id, code, name, sign });

/**
 * The user as the API shows it: snake_case, no secrets. `currency` is the one the client shows
 * figures in; the wallets' amounts are in `settlement_currency`, which the client converts from.
 */
export function presentUser(
  user: SignedInUser & { hasPasskey: boolean },
  documents: KycDocument[],
  display = user.currency,
): UserResource {
  const front = documents.find((document) => document.side === 'front');
  const back = documents.find((document) => document.side === 'back');
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    username: user.username,
    phone: user.phone,
    address: user.address,
    country_id: user.countryId,
    state_id: user.stateId,
    city_id: user.cityId,
    city: user.cityName,
    zipcode: user.zipcode,
    dob: user.dateOfBirth,
    date_of_birth: user.dateOfBirth,
    nationality: user.nationalityId,
    currency_id: display.id,
    experience: user.experience,
    employed: user.employed,
    family: user.family,
    referral: user.referral,
    kyc: user.kyc,
    kyc_declined_reason: user.kycDeclinedReason,
    id_type: user.idType,
    id_number: user.idNumber,
    // Served only through the authenticated API, never as static files.
    front_id: front ? `/api/user/kyc-documents/${front.id}` : null,
    back_id: back ? `/api/user/kyc-documents/${back.id}` : null,
    front_id_name: front?.originalName ?? null,
    back_id_name: back?.originalName ?? null,
    pending_email: user.pendingEmail,
    role: user.role,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    two_fa_activated_at: user.twoFaActivatedAt?.toISOString() ?? null,
    authenticator_at: user.authenticatorAt?.toISOString() ?? null,
    has_passkey: user.hasPasskey,
    created_at: user.createdAt.toISOString(),
    currency: summary(display),
    settlement_currency: summary(user.currency),
  };
}

/** Presents a user with their identity documents, read in one query. */
export function createUserPresenter(
  documentsOf: (userId: string) => Promise<KycDocument[]>,
  currencies: () => Promise<Currency[]>,
  hasPasskey: (userId: string) => Promise<boolean>,
) {
  return async (user: SignedInUser): Promise<UserResource> => {
    const [documents, list, passkey] = await Promise.all([documentsOf(user.id), currencies(), hasPasskey(user.id)]);
    const display = list.find((currency) => currency.id === user.displayCurrencyId);
    return presentUser({ ...user, hasPasskey: passkey }, documents, display ?? user.currency);
  };
}

export type PresentUser = ReturnType<typeof createUserPresenter>;
