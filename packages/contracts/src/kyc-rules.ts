// Identity-check rules shared with the browser, free of zod.

export const idTypes = ['drivers_license', 'international_passport', 'national_passport'] as const;
export type IdType = (typeof idTypes)[number];

export const kycMessages = {
  incomplete: 'Please complete all fields and upload both front and back ID images.',
  tooLarge: 'File too large (max 2MB)',
  notAnImage: 'Upload a JPEG, PNG or WebP image.',
  alreadySubmitted: 'Your documents are already with our team for review.',
  alreadyApproved: 'Your identity is already verified.',
  nothingToCancel: 'There is no submitted request to cancel.',
} as const;

export const kycImageMaxBytes = 2 * 1024 * 1024;

/** What each part of a submission says when it is missing, beside the form's own `kycMessages.incomplete`. */
export const kycMissingMessages = {
  id_type: 'Choose the type of your ID.',
  id_number: 'Enter the number on your ID.',
  front_id: 'Add a photo of the front of your ID.',
  back_id: 'Add a photo of the back of your ID.',
} as const;
export type KycPart = keyof typeof kycMissingMessages;

/** The parts of a submission not given, each with its message; empty when all four are there. */
export function kycMissing(given: Record<KycPart, boolean>): Partial<Record<KycPart, string>> {
  const parts = Object.keys(kycMissingMessages) as KycPart[];
  return Object.fromEntries(parts.filter((part) => !given[part]).map((part) => [part, kycMissingMessages[part]]));
}
