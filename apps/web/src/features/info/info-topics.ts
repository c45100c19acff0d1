import type { InfoSlug } from '../../lib/info-links';

export type InfoSection = { heading?: string; paragraphs: string[]; list?: string[] };
export type InfoTopic = { title: string; lead: string; sections: InfoSection[] };

/**
 * The pages behind the public footer's links. What they say about the product is what it does:
 * keep them in step with the rules in docs/features.md and docs/internals.md.
 */
export const infoTopics = {
  'how-to-invest': {
    title: 'How to Invest',
    lead: 'From a new account to your first investment in five steps.',
    sections: [
      {
        heading: '1. Create your account',
        paragraphs: [
          'Sign up with your email address and a password, tell us a little about yourself, and enter the six-digit code we email you to verify the address.',
        ],
      },
      {
        heading: '2. Verify your identity',
        paragraphs: [
          'Upload a picture of the front and the back of an identity document (JPEG, PNG or WebP, up to 2 MB each) from KYC verification in your settings. Our team reviews it; trading, automated investing and savings open once it is approved.',
        ],
      },
      {
        heading: '3. Add money',
        paragraphs: [
          'Deposit by bank transfer or in crypto from Cash, using the details shown there. A deposit is pending, and cannot be spent, until our team confirms the money has arrived; you can cancel it while it is pending.',
        ],
      },
      {
        heading: '4. Invest',
        paragraphs: [
          'Move money from your cash wallet to your brokerage wallet, then buy stocks or crypto from Market at the current price. You can sell part or all of a position at any time; its value and profit or loss follow the live price.',
          'Prefer to leave the choices to us? The automated-investing wallet invests what you put in it in a model portfolio.',
        ],
      },
      {
        heading: '5. Save for later',
        paragraphs: [
          'Open a savings or retirement-style account from Savings. Interest is paid daily at the product’s annual rate on the day’s closing balance; some accounts have a yearly contribution limit, which the contribution form tells you.',
        ],
      },
    ],
  },
  faq: {
    title: 'F.A.Q',
    lead: 'Answers to the questions investors ask us most.',
    sections: [
      {
        heading: 'When can I spend a deposit?',
        paragraphs: [
          'As soon as our team confirms the money has arrived. Until then it shows as pending in your cash history.',
        ],
      },
      {
        heading: 'Why is part of my cash reserved?',
        paragraphs: [
          'A withdrawal you have asked for reserves its amount until it is paid out, cancelled or declined, so the same money cannot be spent twice.',
        ],
      },
      {
        heading: 'How much can I deposit or withdraw?',
        paragraphs: [
          'Each form shows the smallest and largest amount it accepts; we check the same limits when we receive the request.',
        ],
      },
      {
        heading: 'Can I change my currency?',
        paragraphs: [
          'Yes, at any time, under Currency preferences: figures are then shown in it at the current reference rate.',
          'Your wallets stay in the currency they hold money in, so that every amount in their history keeps its meaning: amounts you deposit, withdraw, transfer, save and trade are entered in it. Until money first moves, your wallets follow the currency you choose.',
        ],
      },
      {
        heading: 'How is interest on savings paid?',
        paragraphs: [
          'Every day, at the product’s annual rate, on the day’s closing balance. Fractions of a cent are carried over, never lost.',
        ],
      },
      {
        heading: 'How do I keep my account safe?',
        paragraphs: [
          'Switch on two-factor sign-in in Security: every sign-in then also asks for a code we email you. We also email you when your account is signed in from a browser we have not seen before, unless you switch that off in Notification preferences.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Use',
    lead: 'The rules for using Itrust.',
    sections: [
      {
        paragraphs: [
          'Itrust is for individuals aged 18 or over. Keep your password to yourself: anyone who signs in with it acts as you.',
          'Investing involves risk. Prices go down as well as up, and you may get back less than you put in. Nothing on Itrust is advice to buy or sell.',
          'Deposits become available once we have confirmed the money arrived; we may decline a deposit we cannot match to a payment, and a withdrawal we cannot pay. Money you ask to withdraw is reserved until the request ends.',
          'Trades execute at the current price when we receive them. Yearly limits on retirement-style accounts are set by each product.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    lead: 'What we keep about you, and why.',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: ['What you tell us to open and run your account, and what we need to keep it secure:'],
        list: [
          'your name, email address, phone number, postal address, date of birth and nationality;',
          'the pictures of your identity document, stored again from the image alone, so hidden details such as the place a photo was taken are removed, and shown only to you and to our reviewers;',
          'your password only as a one-way hash, which cannot be turned back into the password;',
          'the browser and address of each sign-in, to warn you of sign-ins from a browser we have not seen before.',
        ],
      },
      {
        heading: 'In your browser',
        paragraphs: [
          'Your sign-in is kept in the browser tab’s session storage: closing the tab forgets it, and signing out ends it. We set no advertising or tracking cookies of our own.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can correct your details in My profile and choose which emails you receive in Notification preferences. Security emails, such as sign-in codes, are always sent.',
        ],
      },
    ],
  },
  'about-us': {
    title: 'About Us',
    lead: 'One place for everything you do with your money.',
    sections: [
      {
        paragraphs: [
          'Itrust brings a cash wallet, stock and crypto trading, automated investing and savings and retirement accounts together in one app, with your net worth over time on one chart.',
          'We are a small team in London building the investing app we wanted for ourselves: clear about every figure, careful with every penny, and pleasant to use on a phone.',
        ],
      },
    ],
  },
  'investors-relations': {
    title: 'Investors Relations',
    lead: 'For those who invest in Itrust itself.',
    sections: [
      {
        paragraphs: [
          'Itrust Ltd is privately held and does not publish financial results. Investors and analysts can write to us at the address below.',
        ],
      },
    ],
  },
  'our-commitments': {
    title: 'Our Commitments',
    lead: 'What we promise about your money and your data.',
    sections: [
      {
        list: [
          'Every movement of money is recorded twice, as in a bank’s books, and every record balances.',
          'No wallet can go below zero, however many requests arrive at once.',
          'Every pending deposit and withdrawal ends in exactly one final state: approved, cancelled or declined.',
          'Passwords, sign-in codes and session keys are stored only as hashes; repeated wrong guesses are slowed down.',
          'Every screen works on a phone, with a keyboard and with a screen reader.',
        ],
        paragraphs: [],
      },
    ],
  },
  'our-blogs': {
    title: 'Our Blogs',
    lead: 'News from the team.',
    sections: [
      {
        heading: 'Savings that pay every day',
        paragraphs: [
          'Savings and retirement-style accounts now pay interest daily on the closing balance, and show what you earned in the last 24 hours.',
        ],
      },
      {
        heading: 'Your net worth, over time',
        paragraphs: [
          'The portfolio chart now shows your net worth over a day, a week, a month, a year or since you started: cash, savings and every position valued at the price of the time.',
        ],
      },
      {
        heading: 'Two-factor sign-in',
        paragraphs: ['Switch it on in Security, and every sign-in also asks for a code sent to your email.'],
      },
    ],
  },
} satisfies Record<InfoSlug, InfoTopic>;

export const isInfoSlug = (value: string | undefined): value is InfoSlug =>
  value !== undefined && Object.hasOwn(infoTopics, value);
