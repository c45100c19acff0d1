/** The footer's link labels and the page (/info/{slug}) each opens; the pages are in features/info/info-topics.ts. */
export const infoLinks = {
  'How to Invest': 'how-to-invest',
  'F.A.Q': 'faq',
  'Terms of Use': 'terms',
  'Privacy Policy': 'privacy',
  'About Us': 'about-us',
  'Investors Relations': 'investors-relations',
  'Our Commitments': 'our-commitments',
  'Our Blogs': 'our-blogs',
} as const;

export type InfoSlug = (typeof infoLinks)[keyof typeof infoLinks];
