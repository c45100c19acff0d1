/** '$21,000.50' → 2100050 cents; NaN before the figure has loaded. */
export const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[$,]/g, '') || Number.NaN) * 100);
