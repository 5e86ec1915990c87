// The authenticator app of a test: TOTP codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) from
// the base32 secret the Security card shows, computed here independently of the server's code.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(secret: string): Buffer {
  const bits = [...secret.replace(/\s+/g, '').toUpperCase()]
    .map((char) => BASE32.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The code for `stepOffset` steps after the current one. */
export function totpCode(secret: string, stepOffset = 0, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000) + stepOffset));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
