import { useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { momentLabel, nearestIndex, timeLabel, timeTicks, valueRange, valueTicks } from './chart-scale';

/** `value` places the point on the chart; `label` is the exact amount the crosshair shows for it. */
export type ChartPoint = { time: number; value: number; label: string };

type AreaChartProps = {
  points: readonly ChartPoint[];
  /** A value on the price scale, whose round figures are the chart's own, not amounts. */
  formatValue: (value: number) => string;
};

const height = 288;
const top = 10;
const bottom = height - 26;
// Labels are 12 px tabular figures; a character is at most this wide.
const characterWidth = 7.2;
const labelWidth = (text: string) => text.length * characterWidth + 12;
const lineColor = '#11578c';
const textColor = '#334155';

/** Drawn by React as plain SVG elements, so it shows in the same frame as its data. */
export function AreaChart({ points, formatValue }: AreaChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // Where the pointer is, not which point: the points may change under a resting pointer.
  const [pointerX, setPointerX] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const drawing = useMemo(() => layOut(points, width, formatValue), [points, width, formatValue]);

  const point = (event: PointerEvent<SVGSVGElement>) =>
    setPointerX(event.clientX - event.currentTarget.getBoundingClientRect().left);
  const pointed = drawing && pointerX !== null ? nearestIndex(drawing.xs, pointerX) : null;

  return (
    <div ref={box} className="h-72 w-full touch-pan-y select-none">
      {drawing && (
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block text-xs tabular-nums"
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={() => setPointerX(null)}
        >
          {drawing.valueLabels.map((label) => (
            <g key={label.y}>
              <line x1={0} x2={drawing.right} y1={label.y} y2={label.y} stroke="#f1f5f9" />
              <text x={drawing.right + 8} y={label.y} dominantBaseline="middle" fill={textColor}>
                {label.text}
              </text>
            </g>
          ))}
          {drawing.timeLabels.map((label) => (
            <text key={label.x} x={label.x} y={height - 8} textAnchor="middle" fill={textColor}>
              {label.text}
            </text>
          ))}
          {/* A flat fill, not a gradient: a gradient is referenced by an id, which each chart would need unique. */}
          <path d={drawing.area} fill={lineColor} fillOpacity={0.1} />
          <path className="chart-line" d={drawing.line} fill="none" stroke={lineColor} strokeWidth={2} />
          {points.length === 1 && <circle cx={drawing.xs[0]} cy={drawing.ys[0]} r={3} fill={lineColor} />}
          {pointed !== null && <Crosshair drawing={drawing} index={pointed} points={points} />}
        </svg>
      )}
    </div>
  );
}

type Drawing = NonNullable<ReturnType<typeof layOut>>;

function Crosshair({ drawing, index, points }: { drawing: Drawing; index: number; points: readonly ChartPoint[] }) {
  const x = drawing.xs[index];
  const y = drawing.ys[index];
  const shown = points[index];
  if (x === undefined || y === undefined || !shown) return null;
  const value = shown.label;
  const moment = momentLabel(shown.time);
  const momentWidth = labelWidth(moment);
  const momentX = Math.min(Math.max(x - momentWidth / 2, 0), drawing.right - momentWidth);
  return (
    <g pointerEvents="none">
      <line x1={x} x2={x} y1={top} y2={bottom} stroke="#94a3b8" strokeDasharray="4 4" />
      <circle cx={x} cy={y} r={4} fill={lineColor} stroke="#ffffff" strokeWidth={2} />
      <rect x={drawing.right + 2} y={y - 10} width={labelWidth(value)} height={20} rx={3} fill="#0f172a" />
      <text x={drawing.right + 8} y={y} dominantBaseline="middle" fill="#ffffff" data-testid="crosshair-value">
        {value}
      </text>
      <rect x={momentX} y={bottom + 2} width={momentWidth} height={20} rx={3} fill="#0f172a" />
      <text x={momentX + momentWidth / 2} y={bottom + 12} textAnchor="middle" dominantBaseline="middle" fill="#ffffff">
        {moment}
      </text>
    </g>
  );
}

/** Where everything goes at this width; nothing to draw before the width is known or without points. */
function layOut(points: readonly ChartPoint[], width: number, format: (value: number) => string) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || width <= 0) return null;
  const range = valueRange(points.map((point) => point.value));
  const ticks = valueTicks(range).map((value) => ({ value, text: format(value) }));
  const right = Math.max(40, width - Math.max(...ticks.map((tick) => labelWidth(tick.text)), 48));
  const span = last.time - first.time;
  const xOf = (time: number) => (span > 0 ? ((time - first.time) / span) * right : right / 2);
  const yOf = (value: number) => bottom - ((value - range.min) / (range.max - range.min)) * (bottom - top);
  const xs = points.map((point) => xOf(point.time));
  const ys = points.map((point) => yOf(point.value));
  const line = xs
    .map((x, index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${(ys[index] as number).toFixed(1)}`)
    .join('');
  const area = `${line}L${(xs.at(-1) ?? 0).toFixed(1)},${bottom}L${(xs[0] ?? 0).toFixed(1)},${bottom}Z`;
  // A label the top edge would cut is left out rather than drawn in part; below the bottom is room.
  const valueLabels = ticks
    .map((tick) => ({ y: yOf(tick.value), text: tick.text }))
    .filter((label) => label.y >= top + 6 && label.y <= bottom);
  const { times, unit } = timeTicks(first.time, last.time, Math.max(2, Math.floor(right / 90)));
  const timeLabels = times
    .map((time) => ({ x: xOf(time), text: timeLabel(time, unit) }))
    .filter((label) => label.x - labelWidth(label.text) / 2 >= 0 && label.x + labelWidth(label.text) / 2 <= right);
  return { right, xs, ys, line, area, valueLabels, timeLabels };
}
