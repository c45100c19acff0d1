import type { UserResource } from '@itrust/contracts';
import type { UserWithCurrency } from './users.repository.ts';

/** The user as the API shows it: snake_case, no secrets, the currency the client formats with. */
export function presentUser(user: UserWithCurrency): UserResource {
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
    currency_id: user.currencyId,
    experience: user.experience,
    employed: user.employed,
    family: user.family,
    referral: user.referral,
    kyc: user.kyc,
    role: user.role,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    two_fa_activated_at: user.twoFaActivatedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    currency: { id: user.currency.id, code: user.currency.code, name: user.currency.name, sign: user.currency.sign },
  };
}
