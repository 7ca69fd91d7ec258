import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

import { SecretBoxError, type SecretBox } from '../ports/secret-box.js';

/** Bytes of a server key (AES-256). */
export const SERVER_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * A short public fingerprint of a key (the first 8 hex digits of its SHA-256 under a label), kept
 * beside each sealed value so that a value sealed with another key is told apart from a damaged
 * one: "sealed with another server key" is the usual mistake of instances that do not share
 * REHOOK_SECRET_KEY.
 */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('rehook-secret-key-id:').update(key).digest('hex').slice(0, 8);
}

/**
 * AES-256-GCM with a random 96-bit nonce per value and the context (the inbox id) as additional
 * authenticated data. Sealed form: `v1.<keyId>.<nonce b64url>.<ciphertext b64url>.<tag b64url>`.
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SERVER_KEY_BYTES) throw new Error(`a server key has ${SERVER_KEY_BYTES} bytes`);
  const id = keyId(key);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        VERSION,
        id,
        iv.toString('base64url'),
        sealed.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
      ].join('.');
    },
    open(value, context) {
      const parts = value.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION)
        throw new SecretBoxError('not a sealed secret of a known version');
      const [, sealedWith, iv, data, tag] = parts as [string, string, string, string, string];
      if (sealedWith !== id) {
        throw new SecretBoxError(
          `sealed with another server key (key id ${sealedWith}, this server's is ${id}): REHOOK_SECRET_KEY differs`,
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        const tagBytes = Buffer.from(tag, 'base64url');
        if (tagBytes.length !== TAG_BYTES) throw new Error('bad tag');
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('the sealed secret failed authentication (altered, or sealed for another inbox)');
      }
    },
  };
}

/** A box for a server without a key: sealing and opening fail with `reason` (never a secret). */
export function createUnavailableSecretBox(reason: string): SecretBox {
  return {
    seal() {
      throw new SecretBoxError(reason);
    },
    open() {
      throw new SecretBoxError(reason);
    },
  };
}
