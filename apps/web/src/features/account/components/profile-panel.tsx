import type { UserResource } from '@itrust/contracts';
import { normalizeEmail } from '@itrust/contracts/email-identity';
import type { SyntheticEvent } from 'react';
import { useStepUp } from '../../../components/step-up-dialog';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../hooks/use-flash';
import { useFormValues } from '../../../lib/use-form-values';
import { useNationalities } from '../../../lib/queries/reference';
import { PlaceFields, type Place } from '../../../components/place-fields';
import { useUpdateProfile } from '../api/update-profile';
import { ConfirmEmailChange } from './confirm-email-change';
import { Panel, PanelSection } from './panel';
import { useFocusAfterRefusal, useSaveFeedback } from './use-save-feedback';

type Form = Place & {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  zipcode: string;
  dob: string;
  nationality: number | null;
  current_password: string;
};

const formFrom = (user: UserResource): Form => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  phone: user.phone,
  address: user.address,
  country_id: user.country_id,
  state_id: user.state_id,
  city: user.city_id ?? user.city,
  zipcode: user.zipcode,
  dob: user.date_of_birth,
  nationality: user.nationality,
  current_password: '',
});

/** My profile: personal, contact and verification details; blank fields keep their saved values. */
export function ProfilePanel({ user }: { user: UserResource }) {
  const update = useUpdateProfile();
  const stepUp = useStepUp();
  const feedback = useSaveFeedback();
  const { values: form, setValues: setForm, set, field } = useFormValues<Form>(() => formFrom(user), feedback.fields);
  const formRef = useFocusAfterRefusal(feedback.refusals);
  const nationalities = useNationalities();
  const emailChanged = useFlash();
  const emailChanging = form.email.trim() !== '' && normalizeEmail(form.email) !== user.email;

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    let stored: UserResource | undefined;
    await feedback.run(async () => {
      const response = await stepUp.guarded(() =>
        update.mutateAsync({
          ...form,
          current_password: emailChanging ? form.current_password : undefined,
          city: form.city ?? undefined,
          country_id: form.country_id ?? undefined,
          state_id: form.state_id ?? undefined,
          nationality: form.nationality ?? undefined,
        }),
      );
      stored = response.data.user;
      return response;
    });
    // Blank fields left their values unchanged: the form shows what the server now holds, the email in use
    // included (a new address waits below for its codes).
    if (stored) setForm(formFrom(stored));
  };
  const emailConfirmed = (newEmail: string, message: string) => {
    emailChanged.show(message);
    setForm((current) => ({ ...current, email: newEmail }));
  };

  const pendingEmail = user.pending_email;

  return (
    <Panel title="My profile">
      <form ref={formRef} onSubmit={(event) => void save(event)} className="space-y-6" noValidate>
        <PanelSection title="Personal information">
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
          <TextField label="Email address" type="email" autoComplete="email" {...field('email')} />
          {emailChanging && (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              hint="Needed to change your email address. We then send a code to the new address and one to your current address."
              {...field('current_password')}
            />
          )}
          <TextField label="Username" name="username" value={user.username} readOnly disabled />
        </PanelSection>
        <PanelSection title="Contact information">
          <TextField label="Phone number" type="tel" autoComplete="tel" {...field('phone')} />
          <TextField label="Residential address" autoComplete="street-address" {...field('address')} />
          <PlaceFields value={form} stateLabel="State" onChange={set} errorOf={feedback.fieldError} />
          <TextField label="Zipcode" autoComplete="postal-code" {...field('zipcode')} />
        </PanelSection>
        <PanelSection title="Verification">
          <TextField
            label="Social security or identity number"
            name="id_number"
            value={user.id_number ?? ''}
            readOnly
            disabled
            hint="Taken from your identity documents."
          />
          <TextField label="Date of birth" type="date" autoComplete="bday" {...field('dob')} />
          <SearchableSelect
            label="Nationality"
            options={nationalities.data ?? []}
            loading={nationalities.isPending}
            value={form.nationality}
            onChange={(id) => set({ nationality: Number(id) })}
            error={feedback.fieldError('nationality')}
          />
        </PanelSection>
        <MessageBanner error={feedback.error} success={feedback.success} />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </form>
      {stepUp.dialog}
      {pendingEmail && (
        <ConfirmEmailChange
          newEmail={pendingEmail}
          currentEmail={user.email}
          onConfirmed={(message) => emailConfirmed(pendingEmail, message)}
        />
      )}
      {emailChanged.message && (
        <div className="mt-8">
          <MessageBanner success={emailChanged.message} />
        </div>
      )}
    </Panel>
  );
}
