import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useDecision } from '../api/admin';

type DecisionButtonsProps = { approvePath: string; declinePath: string; subject: string; askPayoutReference?: boolean };

/** Approve (with a payout reference for withdrawals) or decline with the reason the investor reads. */
export function DecisionButtons({ approvePath, declinePath, subject, askPayoutReference }: DecisionButtonsProps) {
  const decision = useDecision();
  const toast = useToast();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [payoutReference, setPayoutReference] = useState('');

  const run = async (path: string, body: Record<string, string>, done: string) => {
    try {
      await decision.mutateAsync({ path, body });
      toast.success(done);
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : 'An error occurred.');
    }
  };

  return (
    <div className="space-y-2">
      {askPayoutReference && (
        <label className="block text-sm">
          <span className="text-slate-700">Payout reference</span>
          <input
            value={payoutReference}
            onChange={(event) => setPayoutReference(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5"
          />
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={decision.isPending || (askPayoutReference === true && payoutReference.trim() === '')}
          onClick={() =>
            void run(
              approvePath,
              payoutReference ? { payout_reference: payoutReference.trim() } : {},
              `${subject} approved.`,
            )
          }
        >
          Approve
        </Button>
        <Button variant="secondary" disabled={decision.isPending} onClick={() => setDeclining(!declining)}>
          Decline
        </Button>
      </div>
      {declining && (
        <div className="space-y-2">
          <label className="block text-sm">
            <span className="text-slate-700">Reason (the investor reads it)</span>
            <textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={2}
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5"
            />
          </label>
          <Button
            variant="secondary"
            disabled={decision.isPending || reason.trim().length < 3}
            onClick={() => void run(declinePath, { reason: reason.trim() }, `${subject} declined.`)}
          >
            Decline with this reason
          </Button>
        </div>
      )}
    </div>
  );
}
