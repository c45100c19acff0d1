/**
 * Deterministic noise: the same (seed, name, step, stream) always gives the same number, in any
 * process, so a simulated market can be replayed exactly in tests.
 */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function splitmix32(state: number): number {
  let value = (state + 0x9e3779b9) | 0;
  value = Math.imul(value ^ (value >>> 16), 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}

/** A uniform number in (0, 1). */
export function uniform(seed: number, name: string, step: number, stream = 0): number {
  const mixed = splitmix32(splitmix32(splitmix32(hashString(name) ^ seed) ^ step) ^ Math.imul(stream + 1, 0x27d4eb2d));
  return (mixed + 0.5) / 4_294_967_296;
}

/** A standard normal number (Box–Muller). */
export function gaussian(seed: number, name: string, step: number, stream = 0): number {
  const u1 = uniform(seed, name, step, stream * 2);
  const u2 = uniform(seed, name, step, stream * 2 + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}
