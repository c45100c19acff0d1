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
