import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from './ui/button';
import { MessageBanner } from './ui/message-banner';
import { Modal } from './ui/modal';
import { useFlash } from '../hooks/use-flash';
import { ApiError } from '../lib/api-client';

export type ConfirmDetail = { label: string; value: string };

type ConfirmFlowProps = {
  title: string;
  details: ConfirmDetail[];
  submit: () => Promise<{ message: string }>;
  /** Where Continue goes; without it Continue only closes the dialog. */
  continueTo?: string | undefined;
  onClose: () => void;
  sendingText?: string;
  doneTitle?: string;
};

/** The confirm modal, 'Initiating transaction...', then the success dialog with the server's message. */
export function ConfirmFlow({
  title,
  details,
  submit,
  continueTo,
  onClose,
  sendingText = 'Initiating transaction...',
  doneTitle = 'Request received',
}: ConfirmFlowProps) {
  const navigate = useNavigate();
  const [state, setState] = useState<'confirm' | 'sending' | 'done'>('confirm');
  const [message, setMessage] = useState('');
  const error = useFlash();

  const confirm = async () => {
    setState('sending');
    try {
      setMessage((await submit()).message);
      setState('done');
    } catch (failure) {
      setState('confirm');
      error.show(failure instanceof ApiError ? failure.message : 'An error occurred.');
    }
  };

  if (state === 'done') {
    return (
      <Modal title={doneTitle} onClose={onClose}>
        <p className="text-slate-800">{message}</p>
        <p className="mt-2 font-semibold text-brand-800">Thank you for investing with us.</p>
        <Button
          className="mt-6 w-full"
          data-autofocus
          onClick={() => {
            onClose();
            if (continueTo) void navigate(continueTo);
          }}
        >
          Continue
        </Button>
      </Modal>
    );
  }
  return (
    <Modal title={title} onClose={onClose}>
      <dl className="space-y-2 text-sm">
        {details.map((detail) => (
          <div key={detail.label} className="flex justify-between gap-4">
            <dt className="text-slate-600">{detail.label}</dt>
            <dd className="text-right font-medium break-all text-slate-900">{detail.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4">
        <MessageBanner error={error.message} success={state === 'sending' ? sendingText : null} />
      </div>
      <div className="mt-6 flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onClose} disabled={state === 'sending'}>
          Close
        </Button>
        <Button className="flex-1" onClick={() => void confirm()} disabled={state === 'sending'}>
          Confirm
        </Button>
      </div>
    </Modal>
  );
}
