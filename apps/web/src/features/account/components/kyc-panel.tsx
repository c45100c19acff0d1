import type { UserResource } from '@itrust/contracts';
import { idTypes, kycMessages, kycMissing, type IdType, type KycPart } from '@itrust/contracts/kyc-rules';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useToast } from '../../../components/ui/toast';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFormValues } from '../../../lib/use-form-values';
import { useCancelKyc, useSubmitKyc } from '../api/kyc';
import { ImageDrop } from './image-drop';
import { Panel } from './panel';
import { useFocusAfterRefusal, useSaveFeedback } from './use-save-feedback';

const idTypeLabels: Record<IdType, string> = {
  drivers_license: 'Driver license',
  international_passport: 'International passport',
  national_passport: 'National passport',
};

export function KycPanel({ user }: { user: UserResource }) {
  return (
    <Panel title="KYC verification">
      {user.kyc === 'pending' || user.kyc === 'declined' ? (
        <UploadForm
          declinedReason={
            user.kyc === 'declined' ? (user.kyc_declined_reason ?? 'Your documents could not be accepted.') : null
          }
        />
      ) : user.kyc === 'submitted' ? (
        <Submitted user={user} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {['Your identity has been confirmed.', 'Trading, savings and history are open to you.'].map((text) => (
            <div key={text} className="rounded-xl border border-emerald-200 bg-emerald-50 p-5">
              <p className="font-semibold text-emerald-900">ID Verified</p>
              <p className="mt-1 text-sm text-emerald-800">{text}</p>
            </div>
          ))}
        </div>
      )}
    </Panel>
  );
}

function UploadForm({ declinedReason }: { declinedReason: string | null }) {
  const submit = useSubmitKyc();
  const feedback = useSaveFeedback();
  const toast = useToast();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  // Once a submission was refused for a missing part, each part still missing says so beside itself.
  const [refusedIncomplete, setRefusedIncomplete] = useState(0);
  const formRef = useFocusAfterRefusal(feedback.refusals + refusedIncomplete);
  const { values, field } = useFormValues<{ id_type: IdType | ''; id_number: string }>({ id_type: '', id_number: '' });
  const { id_type: idType, id_number: idNumber } = values;
  const missing = kycMissing({
    id_type: idType !== '',
    id_number: idNumber.trim() !== '',
    front_id: front !== null,
    back_id: back !== null,
  });
  const errorOf = (part: KycPart) => (refusedIncomplete > 0 ? missing[part] : undefined) ?? feedback.fieldError(part);

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (idType === '' || idNumber.trim() === '' || !front || !back) {
      feedback.showError(kycMessages.incomplete);
      setRefusedIncomplete((count) => count + 1);
      return;
    }
    // The panel turns into the submitted view at once, so the confirmation goes to a toast.
    await feedback.run(async () => {
      const response = await submit.mutateAsync({ idType, idNumber: idNumber.trim(), front, back });
      toast.success(response.message);
      return response;
    });
  };

  return (
    <form ref={formRef} onSubmit={(event) => void send(event)} className="space-y-5" noValidate>
      {declinedReason && (
        <p role="note" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          Your last request was declined: {declinedReason} Please upload new images.
        </p>
      )}
      <p className="text-sm text-slate-600">Upload clear photos of the front and back of one identity document.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <ImageDrop label="Front of the ID" file={front} onChange={setFront} missing={errorOf('front_id')} />
        <ImageDrop label="Back of the ID" file={back} onChange={setBack} missing={errorOf('back_id')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="ID type"
          {...field('id_type')}
          error={errorOf('id_type')}
          options={idTypes.map((type) => ({ value: type, label: idTypeLabels[type] }))}
        />
        <TextField label="ID number" {...field('id_number')} error={errorOf('id_number')} />
      </div>
      <MessageBanner error={feedback.error} success={feedback.success} />
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? 'Uploading…' : 'Submit documents'}
      </Button>
    </form>
  );
}

function Submitted({ user }: { user: UserResource }) {
  const cancel = useCancelKyc();
  const feedback = useSaveFeedback();
  const toast = useToast();
  const cancelRequest = () =>
    feedback.run(async () => {
      const response = await cancel.mutateAsync(undefined);
      toast.success(response.message);
      return response;
    });
  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-sky-200 bg-sky-50 p-5">
        <p className="font-semibold text-sky-950">Document Submitted</p>
        <ul className="mt-2 list-inside list-disc text-sm text-sky-900">
          <li>{user.front_id_name}</li>
          <li>{user.back_id_name}</li>
        </ul>
        <p className="mt-2 text-sm text-sky-900">
          {user.id_type ? idTypeLabels[user.id_type] : 'Identity document'} · {user.id_number}
        </p>
      </div>
      <MessageBanner error={feedback.error} success={feedback.success} />
      <Button variant="secondary" disabled={cancel.isPending} onClick={() => void cancelRequest()}>
        Cancel
      </Button>
    </div>
  );
}
