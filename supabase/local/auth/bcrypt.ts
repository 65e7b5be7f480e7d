import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * bcrypt ($2a$/$2b$/$2y$), as GoTrue stores `auth.users.encrypted_password`.
 *
 * Why here and not a package: no bcrypt implementation is installed, and the
 * hashes must be real bcrypt so that users seeded with pgcrypto's
 * `crypt('…', gen_salt('bf'))` (the usual Supabase seed idiom) can sign in, and
 * so that hashes written locally would verify on hosted GoTrue.
 *
 * Blowfish starts from the hexadecimal digits of π (18 P-array words and four
 * 256-word S-boxes); they are computed once with Machin's formula instead of
 * being pasted in as a 4 KB table.
 */

const P_WORDS = 18;
const S_WORDS = 4 * 256;
const DEFAULT_COST = 10;
const MAX_KEY_BYTES = 72;
const MAGIC = Buffer.from('OrpheanBeholderScryDoubt', 'latin1');

const STD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

let initialState: Uint32Array | undefined;

/** The first `count` 32-bit words of π's fractional part. */
function piFractionWords(count: number): Uint32Array {
  const guardBits = 64n;
  const bits = BigInt(count * 32) + guardBits;
  const one = 1n << bits;
  const arctanInverse = (x: bigint): bigint => {
    const x2 = x * x;
    let power = one / x;
    let sum = 0n;
    for (let n = 1n, sign = 1n; power !== 0n; n += 2n, sign = -sign) {
      sum += (sign * power) / n;
      power /= x2;
    }
    return sum;
  };
  const pi = 16n * arctanInverse(5n) - 4n * arctanInverse(239n);
  let fraction = (pi - 3n * one) >> guardBits;
  const words = new Uint32Array(count);
  for (let i = count - 1; i >= 0; i--) {
    words[i] = Number(fraction & 0xffffffffn);
    fraction >>= 32n;
  }
  return words;
}

function freshState(): Uint32Array {
  initialState ??= piFractionWords(P_WORDS + S_WORDS);
  return initialState.slice();
}

/** P is state[0..17]; S-box k starts at state[18 + 256k]. Encrypts block in place. */
function encipher(state: Uint32Array, block: Uint32Array): void {
  let l = block[0] ^ state[0];
  let r = block[1];
  for (let i = 1; i <= 16; i += 2) {
    r ^= ((((state[18 + (l >>> 24)] + state[274 + ((l >>> 16) & 0xff)]) ^ state[530 + ((l >>> 8) & 0xff)]) +
      state[786 + (l & 0xff)]) ^
      state[i]) >>>
      0;
    l ^= ((((state[18 + (r >>> 24)] + state[274 + ((r >>> 16) & 0xff)]) ^ state[530 + ((r >>> 8) & 0xff)]) +
      state[786 + (r & 0xff)]) ^
      state[i + 1]) >>>
      0;
  }
  block[0] = (r ^ state[17]) >>> 0;
  block[1] = l >>> 0;
}

/** `count` big-endian words read cyclically from `data`, as Blowfish streams its key. */
function cyclicWords(data: Uint8Array, count: number): Uint32Array {
  const words = new Uint32Array(count);
  let at = 0;
  for (let w = 0; w < count; w++) {
    let word = 0;
    for (let i = 0; i < 4; i++) {
      word = ((word << 8) | data[at]) >>> 0;
      at = (at + 1) % data.length;
    }
    words[w] = word;
  }
  return words;
}

/** Blowfish's key schedule; with `saltWords` it is bcrypt's salted variant. */
function expandKey(state: Uint32Array, keyWords: Uint32Array, saltWords?: Uint32Array): void {
  for (let i = 0; i < P_WORDS; i++) state[i] = (state[i] ^ keyWords[i]) >>> 0;
  const block = new Uint32Array(2);
  for (let i = 0, s = 0; i < P_WORDS + S_WORDS; i += 2) {
    if (saltWords) {
      block[0] ^= saltWords[s];
      block[1] ^= saltWords[s + 1];
      s = (s + 2) % saltWords.length;
    }
    encipher(state, block);
    state[i] = block[0];
    state[i + 1] = block[1];
  }
}

function encode(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('base64')
    .replace(/=+$/, '')
    .replace(/./g, (c) => BCRYPT_ALPHABET[STD_ALPHABET.indexOf(c)]);
}

function decode(text: string, byteLength: number): Buffer {
  const standard = text.replace(/./g, (c) => STD_ALPHABET[BCRYPT_ALPHABET.indexOf(c)]);
  return Buffer.from(standard, 'base64').subarray(0, byteLength);
}

function rawHash(password: string, salt: Uint8Array, cost: number): Buffer {
  const key = Buffer.concat([Buffer.from(password, 'utf8'), Buffer.from([0])]).subarray(0, MAX_KEY_BYTES);
  const keyWords = cyclicWords(key, P_WORDS);
  const saltAsKey = cyclicWords(salt, P_WORDS);
  const saltStream = cyclicWords(salt, 4);
  const state = freshState();
  expandKey(state, keyWords, saltStream);
  for (let round = 0; round < 2 ** cost; round++) {
    expandKey(state, keyWords);
    expandKey(state, saltAsKey);
  }
  const text = new Uint32Array(6);
  for (let i = 0; i < 6; i++) text[i] = MAGIC.readUInt32BE(i * 4);
  const block = new Uint32Array(2);
  for (let i = 0; i < 64; i++) {
    for (let j = 0; j < 6; j += 2) {
      block[0] = text[j];
      block[1] = text[j + 1];
      encipher(state, block);
      text[j] = block[0];
      text[j + 1] = block[1];
    }
  }
  const out = Buffer.alloc(24);
  for (let i = 0; i < 6; i++) out.writeUInt32BE(text[i], i * 4);
  return out.subarray(0, 23);
}

const HASH_PATTERN = /^\$(2[aby])\$(\d{2})\$([./A-Za-z0-9]{22})([./A-Za-z0-9]{31})$/;

export function hashPassword(password: string, cost = DEFAULT_COST): string {
  const salt = randomBytes(16);
  const costText = String(cost).padStart(2, '0');
  return `$2a$${costText}$${encode(salt)}${encode(rawHash(password, salt, cost))}`;
}

export function verifyPassword(password: string, stored: string | null | undefined): boolean {
  const m = stored ? HASH_PATTERN.exec(stored) : null;
  if (!m) return false;
  const cost = Number(m[2]);
  if (cost < 4 || cost > 31) return false;
  const expected = decode(m[4], 23);
  const actual = rawHash(password, decode(m[3], 16), cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
