import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../../test/fixtures.ts';
import { multipart, type FilePart } from '../../../test/multipart.ts';

let testApp: TestApp;
let jpegWithGps: Buffer;
let png: Buffer;
beforeAll(async () => {
  testApp = await createTestApp();
  jpegWithGps = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
  png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 240, g: 240, b: 240 } } })
    .png()
    .toBuffer();
});
afterAll(() => testApp.close());

const front = (bytes: Buffer, fileName = 'front.jpg', contentType = 'image/jpeg'): FilePart => ({
  name: 'front_id',
  fileName,
  contentType,
  bytes,
});
const back = (bytes: Buffer, fileName = 'back.png', contentType = 'image/png'): FilePart => ({
  name: 'back_id',
  fileName,
  contentType,
  bytes,
});
const fields = { _method: 'PATCH', id_type: 'international_passport', id_number: 'P1234567' };

const submit = (user: SignedUpUser, parts: FilePart[], values: Record<string, string> = fields) => {
  const body = multipart(values, parts);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/user/profile/kyc',
    headers: { ...bearer(user.token), ...body.headers },
    payload: body.payload,
  });
};
const me = async (user: SignedUpUser) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user.token) })).json().data
    .user as Record<string, string | null>;
const fetchDocument = (url: string, token?: string) =>
  testApp.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('identity documents', () => {
  it('submits both images: pending becomes submitted, with file names and private URLs', async () => {
    const user = await signUp(testApp, { verified: true });
    const response = await submit(user, [front(jpegWithGps, 'passport-front.jpg'), back(png, 'passport-back.png')]);
    expect(response.statusCode).toBe(200);
    const shown = await me(user);
    expect(shown).toMatchObject({
      kyc: 'submitted',
      id_type: 'international_passport',
      id_number: 'P1234567',
      front_id_name: 'passport-front.jpg',
      back_id_name: 'passport-back.png',
    });
    expect(shown['front_id']).toMatch(/^\/api\/user\/kyc-documents\/[0-9a-f-]{36}$/);

    const image = await fetchDocument(shown['front_id'] ?? '', user.token);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toBe('inline; filename="front.jpeg"');
  });

  it('strips EXIF metadata such as the GPS position', async () => {
    expect((await sharp(jpegWithGps).metadata()).exif?.includes(Buffer.from('SpyCam'))).toBe(true);
    const user = await signUp(testApp, { verified: true });
    await submit(user, [front(jpegWithGps), back(png)]);
    const stored = (await fetchDocument((await me(user))['front_id'] ?? '', user.token)).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
    expect(metadata.width).toBe(320);
  });

  it('drops whatever hides after the picture in a polyglot file', async () => {
    const user = await signUp(testApp, { verified: true });
    const polyglot = Buffer.concat([jpegWithGps, Buffer.from('<script>alert(document.cookie)</script>PK\u0003\u0004')]);
    expect((await submit(user, [front(polyglot), back(png)])).statusCode).toBe(200);
    const stored = (await fetchDocument((await me(user))['front_id'] ?? '', user.token)).rawPayload;
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('refuses an image of 2 MB and one byte with 413', async () => {
    const user = await signUp(testApp, { verified: true });
    const oversized = Buffer.concat([jpegWithGps, Buffer.alloc(2 * 1024 * 1024 + 1 - jpegWithGps.length)]);
    const response = await submit(user, [front(oversized), back(png)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('File too large (max 2MB)');
    expect((await me(user))['kyc']).toBe('pending');
  });

  it('decides the type by content: a text file named .jpg is refused', async () => {
    const user = await signUp(testApp, { verified: true });
    const response = await submit(user, [front(Buffer.from('just some text, honestly')), back(png)]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.front_id).toEqual(['Upload a JPEG, PNG or WebP image.']);
  });

  it('requires every field and both images', async () => {
    const user = await signUp(testApp, { verified: true });
    const response = await submit(user, [front(jpegWithGps)]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Please complete all fields and upload both front and back ID images.');
    // Each missing part is named, for the form to mark it.
    expect(response.json().errors).toEqual({ back_id: ['Add a photo of the back of your ID.'] });
    const bare = await submit(user, [], { _method: 'PATCH', id_type: '', id_number: '  ' });
    expect(bare.json().errors).toEqual({
      id_type: ['Choose the type of your ID.'],
      id_number: ['Enter the number on your ID.'],
      front_id: ['Add a photo of the front of your ID.'],
      back_id: ['Add a photo of the back of your ID.'],
    });
    const badType = await submit(user, [front(jpegWithGps), back(png)], { ...fields, id_type: 'library_card' });
    expect(badType.statusCode).toBe(422);
  });

  it('serves a document only to its owner: another user gets 404, no token 401', async () => {
    const owner = await signUp(testApp, { verified: true });
    const stranger = await signUp(testApp, { verified: true });
    await submit(owner, [front(jpegWithGps), back(png)]);
    const url = (await me(owner))['front_id'] ?? '';
    expect((await fetchDocument(url, stranger.token)).statusCode).toBe(404);
    expect((await fetchDocument(url)).statusCode).toBe(401);
  });

  it('refuses a second submission while submitted (409), and cancel returns to pending and removes the files', async () => {
    const user = await signUp(testApp, { verified: true });
    await submit(user, [front(jpegWithGps), back(png)]);
    const again = await submit(user, [front(jpegWithGps), back(png)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your documents are already with our team for review.');

    const { rows } = await testApp.database.db.$client.query(
      'select storage_key from kyc_documents where user_id = $1',
      [user.id],
    );
    const files = rows.map((row: { storage_key: string }) =>
      path.join(testApp.config.dataDir, 'uploads', 'kyc', row.storage_key),
    );
    expect(files.every((file) => existsSync(file))).toBe(true);
    const url = (await me(user))['front_id'] ?? '';

    const cancel = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/user/profile/kyc',
      headers: bearer(user.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(await me(user)).toMatchObject({ kyc: 'pending', front_id: null, back_id: null });
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect((await fetchDocument(url, user.token)).statusCode).toBe(404);

    const cancelAgain = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/user/profile/kyc',
      headers: bearer(user.token),
    });
    expect(cancelAgain.statusCode).toBe(409);
  });

  it('refuses a submission once approved, and accepts a new one after a decline', async () => {
    const user = await signUp(testApp, { verified: true });
    await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
    expect((await submit(user, [front(jpegWithGps), back(png)])).json().message).toBe(
      'Your identity is already verified.',
    );
    await testApp.database.db.$client.query(
      "update users set kyc = 'declined', kyc_declined_reason = 'The photo is blurred.' where id = $1",
      [user.id],
    );
    expect((await me(user))['kyc_declined_reason']).toBe('The photo is blurred.');
    expect((await submit(user, [front(jpegWithGps), back(png)])).statusCode).toBe(200);
    expect(await me(user)).toMatchObject({ kyc: 'submitted', kyc_declined_reason: null });
  });
});
