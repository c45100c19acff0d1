import { ExactDecimal, toMoney } from '@itrust/contracts/money';
import { formatMoney } from '@itrust/contracts/format';
import { tradeRefusal } from '@itrust/contracts/trade-rules';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../hooks/use-flash';
import { useMoney } from '../../../lib/use-money';
import type { Position } from '@itrust/contracts';
import { openedOn, SignedFigure } from '../../../components/signed-figure';
import { TradeConfirm, type TradeOrder } from './trade-confirm';

type PositionListProps = {
  positions: Position[];
  /** 'Position' on the asset screen; the market screen lists every asset's. */
  title?: string;
  loading?: boolean;
  error?: string | undefined;
};

/**
 * The trade flow lives here, not in the row: a position closed in full leaves the list while its
 * success dialog is still open.
 */
export function PositionList({ positions, title = 'Position', loading = false, error }: PositionListProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const [order, setOrder] = useState<TradeOrder>();
  const [trades, setTrades] = useState(0);
  const closed = useFlash();
  // The sale is settled, and its amounts told, in the account's settlement currency.
  const { settlement } = useMoney();
  return (
    <Card title={title}>
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
              onClose={setOrder}
              trades={trades}
            />
          ))}
        </ul>
      )}
      {order && (
        <TradeConfirm
          order={order}
          sign={settlement.sign}
          sendingText="Closing position..."
          onClose={(traded) => {
            setOrder(undefined);
            if (!traded) return;
            setTrades((count) => count + 1);
            closed.show('Position closed.');
          }}
        />
      )}
    </Card>
  );
}

type PositionRowProps = {
  position: Position;
  open: boolean;
  onToggle: () => void;
  onClose: (order: TradeOrder) => void;
  /** Trades done so far: a new count clears the quantity typed before. */
  trades: number;
};

function PositionRow({ position, open, onToggle, onClose, trades }: PositionRowProps) {
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
      {open && <PositionDetails id={detailsId} position={position} onClose={onClose} trades={trades} />}
    </li>
  );
}

type PositionDetailsProps = Omit<PositionRowProps, 'open' | 'onToggle'> & { id: string };

function PositionDetails({ id, position, onClose, trades }: PositionDetailsProps) {
  const { money } = useMoney();
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string>();
  // Cleared while rendering, not by remounting: the Close position button keeps the focus it gets back.
  const [tradesSeen, setTradesSeen] = useState(trades);
  if (tradesSeen !== trades) {
    setTradesSeen(trades);
    setQuantity('');
  }
  const facts: [string, ReactNode][] = [
    ['Symbol', position.asset.symbol || 'Not set'],
    ['Order type', position.order_type || 'Not included'],
    ['Average price', money(position.price)],
    ['Cost', money(position.cost)],
    ["Today's return", <SignedFigure amount={position.today_pl} percent={position.today_pl_percentage} />],
    ['Leverage', `${position.leverage}×`],
    ['Take profit', position.tp ? formatMoney(position.tp, '$') : 'Not set'],
    ['Stop loss', position.sl ? formatMoney(position.sl, '$') : 'Not set'],
    ['Status', <span className="font-semibold text-cyan-700">{position.status}</span>],
  ];

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const wanted = quantity.trim();
    const refusal = wanted
      ? tradeRefusal({ side: 'sell', amount: '0', quantity: wanted, held: position.quantity })
      : undefined;
    if (!wanted || !Number(wanted)) setError('Enter the quantity to close.');
    else if (refusal) setError(refusal);
    else {
      setError(undefined);
      const asset = { id: position.asset_id, name: position.asset.name, symbol: position.asset.symbol };
      // An estimate at the position's current value; the success dialog shows what the sale raised.
      const amount = toMoney(new ExactDecimal(position.value).times(wanted).dividedBy(position.quantity));
      onClose({ side: 'sell', asset, quantity: wanted, amount, positionId: position.id });
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
          error={error}
          className="min-w-40 flex-1"
        />
        <Button variant="ghost" onClick={() => setQuantity(position.quantity)}>
          All
        </Button>
        <Button type="submit" variant="secondary">
          Close position
        </Button>
      </form>
    </div>
  );
}
