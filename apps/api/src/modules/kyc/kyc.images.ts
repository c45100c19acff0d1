import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export type ImageKind = { contentType: 'image/jpeg' | 'image/png' | 'image/webp'; extension: 'jpg' | 'png' | 'webp' };

/** The type is decided by the first bytes, never by the file name or the declared type. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { contentType: 'image/png', extension: 'png' };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return undefined;
}

/**
 * Decodes and encodes the image again: metadata (EXIF, GPS position) is dropped, orientation is
 * applied to the pixels, and anything hidden beside the picture (a polyglot file) is not carried over.
 */
export async function reencode(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
  if (kind.extension === 'jpg') return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  if (kind.extension === 'png') return image.png().toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}

/** Files live under DATA_DIR/uploads/kyc, outside anything the web server serves, under random names. */
export function createImageStore(uploadsDir: string) {
  const root = path.join(uploadsDir, 'kyc');
  const resolve = (storageKey: string) => {
    const file = path.resolve(root, storageKey);
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error('storage key outside the upload folder');
    return file;
  };
  return {
    async save(userId: string, bytes: Buffer, kind: ImageKind): Promise<string> {
      const storageKey = path.join(userId, `${randomBytes(16).toString('hex')}.${kind.extension}`);
      await mkdir(path.dirname(resolve(storageKey)), { recursive: true, mode: 0o700 });
      await writeFile(resolve(storageKey), bytes, { mode: 0o600 });
      return storageKey;
    },
    read: (storageKey: string) => readFile(resolve(storageKey)),
    remove: (storageKey: string) => rm(resolve(storageKey), { force: true }),
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
