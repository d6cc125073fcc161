/**
 * SHA-256 (FIPS 180-4) in plain TypeScript, for pages loaded over plain HTTP from another host
 * than localhost: browsers give Web Crypto's `crypto.subtle` to secure contexts only, and an
 * air-gapped node is often reached that way.
 */

/** The first 32 bits of the fractional parts of the square (H) and cube (K) roots of primes. */
const PRIMES = primes(64);
const H0 = PRIMES.slice(0, 8).map((p) => fraction32(Math.sqrt(p)));
const K = PRIMES.map((p) => fraction32(Math.cbrt(p)));

/** The SHA-256 digest of `data` (32 bytes). */
export function sha256(data: Uint8Array): Uint8Array<ArrayBuffer> {
  const blocks = Math.ceil((data.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(data.length / 0x20000000));
  view.setUint32(padded.length - 4, (data.length * 8) >>> 0);
  const state = [...H0];
  const w = new Array<number>(64).fill(0);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(offset + t * 4);
    for (let t = 16; t < 64; t++) {
      const w15 = at(w, t - 15);
      const w2 = at(w, t - 2);
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[t] = (at(w, t - 16) + s0 + at(w, t - 7) + s1) | 0;
    }
    let [a, b, c, d, e, f, g, h] = state.map((x) => x | 0) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let t = 0; t < 64; t++) {
      const t1 =
        (h +
          (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
          ((e & f) ^ (~e & g)) +
          at(K, t) +
          at(w, t)) |
        0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, h].forEach((x, i) => {
      state[i] = (at(state, i) + x) | 0;
    });
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  for (const [i, x] of state.entries()) out.setUint32(i * 4, x >>> 0);
  return digest;
}

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n));
}

function at(values: readonly number[], index: number): number {
  return values[index] ?? 0;
}

function fraction32(root: number): number {
  return Math.floor((root - Math.floor(root)) * 0x100000000) | 0;
}

function primes(count: number): number[] {
  const found: number[] = [];
  for (let n = 2; found.length < count; n++) {
    if (found.every((p) => n % p !== 0)) found.push(n);
  }
  return found;
}
