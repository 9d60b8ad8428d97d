/**
 * HMAC-SHA1 in plain TypeScript: Zulip's camo URLs sign each external URL with it, and the
 * renderer is pure (no Node or Web Crypto API; Web Crypto is asynchronous).
 */

const BLOCK = 64;

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function rotl(x: number, n: number): number {
  return (x << n) | (x >>> (32 - n));
}

/** SHA-1 of `data` (FIPS 180-4), 20 bytes. */
function sha1(data: Uint8Array): Uint8Array {
  const bitLength = data.length * 8;
  const padded = new Uint8Array((((data.length + 8) >> 6) + 1) * BLOCK);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  // Lengths past 2^32 bits (512 MiB) never reach a message renderer.
  view.setUint32(padded.length - 4, bitLength >>> 0);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Array<number>(80).fill(0);
  for (let offset = 0; offset < padded.length; offset += BLOCK) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(offset + t * 4);
    for (let t = 16; t < 80; t++) {
      w[t] = rotl((w[t - 3] ?? 0) ^ (w[t - 8] ?? 0) ^ (w[t - 14] ?? 0) ^ (w[t - 16] ?? 0), 1);
    }
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let t = 0; t < 80; t++) {
      const [f, k] =
        t < 20
          ? [(b & c) | (~b & d), 0x5a827999]
          : t < 40
            ? [b ^ c ^ d, 0x6ed9eba1]
            : t < 60
              ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
              : [b ^ c ^ d, 0xca62c1d6];
      const temp = (rotl(a, 5) + f + e + k + (w[t] ?? 0)) | 0;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = temp;
    }
    h[0] = ((h[0] ?? 0) + a) | 0;
    h[1] = ((h[1] ?? 0) + b) | 0;
    h[2] = ((h[2] ?? 0) + c) | 0;
    h[3] = ((h[3] ?? 0) + d) | 0;
    h[4] = ((h[4] ?? 0) + e) | 0;
  }
  const out = new Uint8Array(20);
  const outView = new DataView(out.buffer);
  h.forEach((word, i) => {
    outView.setUint32(i * 4, word >>> 0);
  });
  return out;
}

/** Lower-case hexadecimal of bytes. */
function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** HMAC-SHA1 (RFC 2104) of a UTF-8 message under a UTF-8 key, as lower-case hex. */
export function hmacSha1Hex(key: string, message: string): string {
  let keyBytes = utf8(key);
  if (keyBytes.length > BLOCK) keyBytes = sha1(keyBytes);
  const inner = new Uint8Array(BLOCK);
  const outer = new Uint8Array(BLOCK);
  for (let i = 0; i < BLOCK; i++) {
    const k = keyBytes[i] ?? 0;
    inner[i] = k ^ 0x36;
    outer[i] = k ^ 0x5c;
  }
  const messageBytes = utf8(message);
  const innerInput = new Uint8Array(BLOCK + messageBytes.length);
  innerInput.set(inner);
  innerInput.set(messageBytes, BLOCK);
  const innerHash = sha1(innerInput);
  const outerInput = new Uint8Array(BLOCK + innerHash.length);
  outerInput.set(outer);
  outerInput.set(innerHash, BLOCK);
  return toHex(sha1(outerInput));
}

/** UTF-8 bytes of `text` as lower-case hex (Python's `str.encode().hex()`). */
export function utf8Hex(text: string): string {
  return toHex(utf8(text));
}
