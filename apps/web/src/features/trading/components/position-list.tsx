import { formatMoney } from '@itrust/contracts/format';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../hooks/use-flash';
import { useMoney } from '../../cash/components/use-money';
import { useClose } from '../api/trading';
import type { Position } from '../api/types';
import { openedOn, SignedFigure } from './figures';

type PositionListProps = {
  positions: Position[];
  /** 'Position' on the asset screen; the market screen lists every asset's. */
  title?: string;
  loading?: boolean;
  error?: string | undefined;
};

/** The caller's open positions, one expanded at a time, each closable. */
export function PositionList({ positions, title = 'Position', loading = false, error }: PositionListProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const closed = useFlash();
  return (
    <section aria-labelledby="positions-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="positions-title" className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <div className="mt-3">
        <MessageBanner success={closed.message} error={error} />
      </div>
      {loading && <p className="mt-4 text-sm text-slate-600">Loading your positions…</p>}
      {!loading && !error && positions.length === 0 && (
        <p className="mt-4 text-slate-600">You have no open positions</p>
      )}
      {positions.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200">
          {positions.map((position) => (
            <PositionRow
              key={position.id}
              position={position}
              open={expanded === position.id}
              onToggle={() => setExpanded((current) => (current === position.id ? null : position.id))}
              onClosed={() => closed.show('Position closed.')}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type PositionRowProps = {
  position: Position;
  open: boolean;
  onToggle: () => void;
  onClosed: () => void;
};

function PositionRow({ position, open, onToggle, onClosed }: PositionRowProps) {
  const { money } = useMoney();
  const detailsId = `position-${position.id}`;
  return (
    <li className="py-3" data-testid="position-row">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={onToggle}
        className="grid w-full grid-cols-2 gap-2 rounded-lg text-left text-sm hover:bg-slate-50 sm:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
      >
        <span>
          <span className="block font-semibold text-slate-900">{position.asset.name || 'Not set'}</span>
          <span className="block text-xs text-slate-600">Opened {openedOn(position.created_at)}</span>
        </span>
        <span className="tabular-nums">
          <span className="block text-xs text-slate-600">Quantity</span>
          <span data-testid="position-quantity">{position.quantity}</span>
        </span>
        <span className="tabular-nums">
          <span className="block text-xs text-slate-600">Value</span>
          {money(position.value)}
        </span>
        <span className="tabular-nums">
          <span className="block text-xs text-slate-600">Total return</span>
          <SignedFigure amount={position.pl} percent={position.pl_percentage} />
        </span>
        <span
          aria-hidden="true"
          className={`self-center text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          ▾
        </span>
      </button>
      {open && <PositionDetails id={detailsId} position={position} onClosed={onClosed} />}
    </li>
  );
}

type PositionDetailsProps = { id: string; position: Position; onClosed: () => void };

function PositionDetails({ id, position, onClosed }: PositionDetailsProps) {
  const { money } = useMoney();
  const close = useClose();
  const [quantity, setQuantity] = useState('');
  const error = useFlash();
  const facts: [string, ReactNode][] = [
    ['Symbol', position.asset.symbol || 'Not set'],
    ['Order type', position.order_type || 'Not included'],
    ['Cost', money(position.cost)],
    ["Today's return", <SignedFigure amount={position.today_pl} percent={position.today_pl_percentage} />],
    ['Leverage', `${position.leverage}×`],
    ['Take profit', position.tp ? formatMoney(position.tp, '$') : 'Not set'],
    ['Stop loss', position.sl ? formatMoney(position.sl, '$') : 'Not set'],
    ['Status', <span className="font-semibold text-cyan-700">{position.status}</span>],
  ];

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    error.clear();
    if (quantity.trim()) void closePosition();
    else error.show('Enter the quantity to close.');
  }

  async function closePosition() {
    try {
      await close.mutateAsync({ positionId: position.id, quantity: quantity.trim() });
      setQuantity('');
      onClosed();
    } catch (caught) {
      error.show(caught instanceof Error ? caught.message : 'The position could not be closed.');
    }
  }

  return (
    <div id={id} className="mt-3 space-y-4 rounded-xl bg-slate-50 p-4">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          label="Quantity to close"
          inputMode="decimal"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          hint={`You hold ${position.quantity}.`}
          className="min-w-40 flex-1"
        />
        <Button variant="ghost" onClick={() => setQuantity(position.quantity)}>
          All
        </Button>
        <Button type="submit" variant="secondary" disabled={close.isPending}>
          Close position
        </Button>
      </form>
      {close.isPending && <p role="status">Closing position...</p>}
      <MessageBanner error={error.message} />
    </div>
  );
}
