const palette = ['#0e4773', '#047857', '#7c3aed', '#b45309', '#be123c', '#0369a1', '#4d7c0f', '#a21caf'];

/** A round monogram for a stock: its symbol's letters on a colour picked from the symbol. */
export function monogram(symbol: string): string {
  const letters = symbol
    .replace(/[^A-Z0-9]/gi, '')
    .slice(0, 4)
    .toUpperCase();
  let sum = 0;
  for (let index = 0; index < symbol.length; index += 1) sum += symbol.charCodeAt(index);
  const colour = palette[sum % palette.length] ?? '#0e4773';
  const size = letters.length <= 2 ? 15 : letters.length === 3 ? 12 : 10;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" role="img" aria-label="${letters}">` +
    `<circle cx="20" cy="20" r="20" fill="${colour}"/>` +
    `<text x="20" y="20" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${letters}</text></svg>`
  );
}

/** Crypto icons come from the @web3icons/core package shipped with the app; never fetched at run time. */
export async function cryptoIcon(symbol: string): Promise<string | undefined> {
  if (!/^[A-Z0-9]{2,10}$/.test(symbol)) return undefined;
  try {
    const module = (await import(`@web3icons/core/svgs/tokens/branded/${symbol}.svg.js`)) as { default: string };
    return onDarkDiscIfWhite(module.default);
  } catch {
    return undefined;
  }
}

/** Some branded icons are drawn in white for dark backgrounds; give those a dark disc so they show on white. */
export function onDarkDiscIfWhite(svg: string): string {
  const colours = [...svg.matchAll(/fill="([^"]+)"/g)]
    .map((match) => (match[1] ?? '').toLowerCase())
    .filter((colour) => colour !== 'none');
  const allWhite = colours.length > 0 && colours.every((colour) => ['#fff', '#ffffff', 'white'].includes(colour));
  return allWhite ? svg.replace(/(<svg[^>]*>)/, '$1<circle cx="12" cy="12" r="12" fill="#1e293b"/>') : svg;
}
