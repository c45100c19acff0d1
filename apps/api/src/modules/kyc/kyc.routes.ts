import { idTypes, kycMessages, kycMissing, type IdType } from '@itrust/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noData, ok } from '../../lib/responses.ts';
import { AppError, ValidationFailed } from '../../lib/errors.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ImageKind } from './kyc.images.ts';
import type { KycService, UploadedImage } from './kyc.service.ts';

const tags = ['identity'];
// The route sends the stored bytes, which the upload re-encoded to one of these types.
const documentImage = {
  description: 'The image, re-encoded when it was uploaded',
  content: Object.fromEntries(
    (['image/jpeg', 'image/png', 'image/webp'] satisfies ImageKind['contentType'][]).map((type) => [
      type,
      { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
    ]),
  ),
};
const isIdType = (value: string): value is IdType => (idTypes as readonly string[]).includes(value);

async function readImage(part: MultipartFile): Promise<UploadedImage> {
  try {
    return { bytes: await part.toBuffer(), fileName: part.filename.slice(0, 200) || 'image' };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, kycMessages.tooLarge, { [part.fieldname]: [kycMessages.tooLarge] });
    }
    throw error;
  }
}

export const kycRoutes: FastifyPluginAsyncZod<{ kyc: KycService }> = async (app, { kyc }) => {
  app.post(
    '/user/profile/kyc',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Submit identity documents (multipart: _method, id_type, id_number, front_id, back_id)',
        consumes: ['multipart/form-data'],
        response: { 200: noData },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new ValidationFailed({ front_id: [kycMessages.incomplete] }, kycMessages.incomplete);
      const fields: Record<string, string> = {};
      const files: Partial<Record<'front_id' | 'back_id', UploadedImage>> = {};
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'front_id' || part.fieldname === 'back_id')
            files[part.fieldname] = await readImage(part);
          else await part.toBuffer();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value.trim();
        }
      }
      const idType = fields['id_type'];
      const idNumber = fields['id_number'];
      if (!idType || !idNumber || !files.front_id?.bytes.length || !files.back_id?.bytes.length) {
        const missing = kycMissing({
          id_type: Boolean(idType),
          id_number: Boolean(idNumber),
          front_id: Boolean(files.front_id?.bytes.length),
          back_id: Boolean(files.back_id?.bytes.length),
        });
        const errors = Object.fromEntries(Object.entries(missing).map(([part, message]) => [part, [message]]));
        throw new ValidationFailed(errors, kycMessages.incomplete);
      }
      if (!isIdType(idType)) throw new ValidationFailed({ id_type: ['Choose an ID type from the list.'] });
      if (idNumber.length > 50) throw new ValidationFailed({ id_number: ['At most 50 characters.'] });
      await kyc.submit(authOf(request).userId, { idType, idNumber, front: files.front_id, back: files.back_id });
      return ok('Documents submitted. Our team will review them shortly.', {});
    },
  );

  app.patch(
    '/user/profile/kyc',
    {
      config: { access: 'verified' },
      schema: { tags, summary: 'Cancel a submitted identity check', response: { 200: noData } },
    },
    async (request) => {
      await kyc.cancel(authOf(request).userId);
      return ok('Verification request cancelled.', {});
    },
  );

  // An investor reads their own documents; an operator reads anyone's.
  for (const [url, access, summary] of [
    ['/user/kyc-documents/:id', 'verified', 'One of your identity document images'],
    ['/admin/kyc-documents/:id', 'operator', "An investor's identity document image"],
  ] as const) {
    app.get(
      url,
      {
        config: { access },
        schema: {
          tags: access === 'operator' ? ['operators'] : tags,
          summary,
          params: z.object({ id: z.uuid('No such document.') }),
          response: { 200: documentImage },
        },
      },
      async (request, reply) => {
        const owner = access === 'operator' ? null : authOf(request).userId;
        const { document, bytes } = await kyc.document(request.params.id, owner);
        const fileName = `${document.side}.${document.contentType.split('/')[1] ?? 'img'}`;
        return reply
          .type(document.contentType)
          .header('content-disposition', `inline; filename="${fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );
  }
};
