import { kycMessages, type IdType } from '@itrust/contracts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound, ValidationFailed } from '../../lib/errors.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { reencode, sniffImage, type ImageStore } from './kyc.images.ts';
import type { KycRepository } from './kyc.repository.ts';

export type UploadedImage = { bytes: Buffer; fileName: string };
export type KycSubmission = { idType: IdType; idNumber: string; front: UploadedImage; back: UploadedImage };

export function createKycService(deps: {
  db: Database;
  clock: Clock;
  users: UsersRepository;
  kyc: KycRepository;
  images: ImageStore;
}) {
  const { db, clock, users, kyc, images } = deps;

  async function prepare(field: 'front_id' | 'back_id', image: UploadedImage) {
    const kind = sniffImage(image.bytes);
    if (!kind) throw new ValidationFailed({ [field]: [kycMessages.notAnImage] });
    try {
      return { kind, bytes: await reencode(image.bytes, kind) };
    } catch {
      throw new ValidationFailed({ [field]: [kycMessages.notAnImage] });
    }
  }

  async function refuseUnlessOpen(userId: string) {
    const user = await users.get(userId);
    if (user.kyc === 'submitted') throw new Conflict(kycMessages.alreadySubmitted);
    if (user.kyc === 'approved') throw new Conflict(kycMessages.alreadyApproved);
  }

  return {
    /** pending or declined → submitted, with both images stored; anything else is 409. */
    async submit(userId: string, submission: KycSubmission): Promise<void> {
      await refuseUnlessOpen(userId);
      const front = await prepare('front_id', submission.front);
      const back = await prepare('back_id', submission.back);
      const frontKey = await images.save(userId, front.bytes, front.kind);
      const backKey = await images.save(userId, back.bytes, back.kind);
      try {
        const replaced = await db.transaction(async (tx) => {
          const moved = await kyc.moveStatus(
            userId,
            ['pending', 'declined'],
            {
              kyc: 'submitted',
              idType: submission.idType,
              idNumber: submission.idNumber,
              kycSubmittedAt: clock.now(),
              kycDeclinedReason: null,
            },
            tx,
          );
          if (!moved) throw new Conflict(kycMessages.alreadySubmitted);
          const previous = await kyc.deleteDocumentsOf(userId, tx);
          const stored = [
            { side: 'front', image: front, storageKey: frontKey, upload: submission.front },
            { side: 'back', image: back, storageKey: backKey, upload: submission.back },
          ] as const;
          await kyc.insertDocuments(
            stored.map(({ side, image, storageKey, upload }) => ({
              userId,
              side,
              storageKey,
              contentType: image.kind.contentType,
              originalName: upload.fileName,
              sizeBytes: image.bytes.length,
            })),
            tx,
          );
          return previous;
        });
        await Promise.all(replaced.map((document) => images.remove(document.storageKey)));
      } catch (error) {
        await Promise.all([images.remove(frontKey), images.remove(backKey)]);
        throw error;
      }
    },

    /** submitted → pending; the images are removed. */
    async cancel(userId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const moved = await kyc.moveStatus(userId, ['submitted'], { kyc: 'pending', kycSubmittedAt: null }, tx);
        if (!moved) throw new Conflict(kycMessages.nothingToCancel);
        return kyc.deleteDocumentsOf(userId, tx);
      });
      await Promise.all(removed.map((document) => images.remove(document.storageKey)));
    },

    /** A document and its image; with an `ownerId`, only that user's; null, as operators ask, for anyone's. */
    async document(documentId: string, ownerId: string | null) {
      const document = await kyc.document(documentId, ownerId);
      if (!document) throw new NotFound('No such document.');
      const bytes = await images.read(document.storageKey).catch(() => {
        throw new NotFound('No such document.');
      });
      return { document, bytes };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
