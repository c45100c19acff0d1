import { messages, normalizeEmail, type profileUpdateRequest } from '@itrust/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, ValidationFailed, type FieldErrors } from '../../lib/errors.ts';
import { isAdult } from '../auth/registration.service.ts';
import { resolveCity } from '../users/users.service.ts';
import type { NewUser, SignedInUser, UsersRepository } from '../users/users.repository.ts';
import type { EmailChange } from './email-change.service.ts';

type ProfileUpdate = z.output<typeof profileUpdateRequest>;

export function createProfileService(deps: {
  db: Database;
  clock: Clock;
  users: UsersRepository;
  emailChange: EmailChange;
}) {
  const { db, clock, users, emailChange } = deps;

  async function hasMovedMoney(userId: string): Promise<boolean> {
    const { rows } = await db.execute(sql`select 1 from transactions where user_id = ${userId} limit 1`);
    return rows.length > 0;
  }

  async function placeChanges(user: SignedInUser, body: ProfileUpdate, errors: FieldErrors): Promise<Partial<NewUser>> {
    const countryId = body.country_id ?? user.countryId;
    const stateId = body.state_id ?? user.stateId;
    const changes: Partial<NewUser> = {};
    if (body.country_id === undefined && body.state_id === undefined && body.city === undefined) return changes;
    if (!(await users.countryExists(countryId))) {
      errors['country_id'] = ['The selected country is invalid.'];
      return changes;
    }
    if (!(await users.stateBelongsToCountry(stateId, countryId))) {
      errors['state_id'] = ['The selected state does not belong to the selected country.'];
      return changes;
    }
    // A new state without a new city would leave the old city in the wrong state.
    const city = body.city ?? (stateId === user.stateId ? (user.cityId ?? user.cityName) : undefined);
    if (city === undefined) {
      errors['city'] = ['Choose a city in the selected state.'];
      return changes;
    }
    try {
      Object.assign(changes, { countryId, stateId, ...(await resolveCity(users, stateId, city)) });
    } catch (error) {
      if (error instanceof ValidationFailed && error.errors) Object.assign(errors, error.errors);
      else throw error;
    }
    return changes;
  }

  return {
    /** The signed-in user as stored now. */
    current: (userId: string): Promise<SignedInUser> => users.get(userId),

    /**
     * Blank fields keep their stored values. A new email needs a step-up (`confirmEmailChange` asks
     * for it) and the current password, and waits for the codes sent to it and to the current address.
     */
    async update(
      userId: string,
      body: ProfileUpdate,
      confirmEmailChange: () => void,
    ): Promise<{ emailChangeSentTo: string | undefined }> {
      const user = await users.findById(userId);
      if (!user) throw new Conflict('The account no longer exists.');
      const errors: FieldErrors = {};
      const changes: Partial<NewUser> = {
        ...(body.first_name ? { firstName: body.first_name } : {}),
        ...(body.last_name ? { lastName: body.last_name } : {}),
        ...(body.phone ? { phone: body.phone } : {}),
        ...(body.address ? { address: body.address } : {}),
        ...(body.zipcode ? { zipcode: body.zipcode } : {}),
        ...(await placeChanges(user, body, errors)),
      };
      if (body.dob) {
        if (isAdult(body.dob, clock.now())) changes.dateOfBirth = body.dob;
        else errors['dob'] = [messages.underage];
      }
      if (body.nationality !== undefined) {
        if (await users.nationalityExists(body.nationality)) changes.nationalityId = body.nationality;
        else errors['nationality'] = ['The selected nationality is invalid.'];
      }
      if (body.currency_id !== undefined && body.currency_id !== (user.displayCurrencyId ?? user.currencyId)) {
        if (!(await users.currencyExists(body.currency_id)))
          errors['currency_id'] = ['The selected currency is invalid.'];
        // The ledger holds each account in one settlement currency: once money has moved, only the display changes.
        else if (await hasMovedMoney(userId))
          changes.displayCurrencyId = body.currency_id === user.currencyId ? null : body.currency_id;
        else Object.assign(changes, { currencyId: body.currency_id, displayCurrencyId: null });
      }
      const typedEmail = body.email ? normalizeEmail(body.email) : undefined;
      const newEmail = typedEmail !== normalizeEmail(user.email) ? typedEmail : undefined;
      if (newEmail) Object.assign(errors, await emailChange.problems(user, newEmail, body.current_password));
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
      if (newEmail) confirmEmailChange();
      if (newEmail && body.current_password) await emailChange.checkPassword(user, body.current_password);

      const sent = await db.transaction(async (tx) => {
        const codes = newEmail ? await emailChange.start(tx, userId, newEmail) : undefined;
        if (newEmail) changes.pendingEmail = newEmail;
        if (Object.keys(changes).length > 0) await users.update(userId, changes, tx);
        // Wallets opened before any money moved are empty: they follow the account to its new currency.
        if (changes.currencyId !== undefined && changes.currencyId !== user.currencyId)
          await tx.execute(sql`
            update ledger_accounts set currency = (select code from currencies where id = ${changes.currencyId})
            where id in (select id from ledger_accounts where user_id = ${userId} order by id for update)`);
        return codes;
      });
      if (newEmail && sent)
        await emailChange.mailCodes({ ...user, firstName: changes.firstName ?? user.firstName }, newEmail, sent);
      return { emailChangeSentTo: newEmail };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
