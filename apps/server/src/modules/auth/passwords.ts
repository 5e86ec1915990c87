// argon2id at OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
import { hash, verify } from '@node-rs/argon2';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// algorithm 2 is Argon2id (the package's enum is const, which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
