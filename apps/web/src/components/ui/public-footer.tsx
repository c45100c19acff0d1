import { NavLink } from 'react-router';
import { infoLinks } from '../../lib/info-links';

const footerGroups = [
  { title: 'Need Help?', links: ['How to Invest', 'F.A.Q', 'Terms of Use', 'Privacy Policy'] },
  { title: 'Learn More', links: ['Login', 'About Us', 'Investors Relations', 'Our Commitments', 'Our Blogs'] },
] as const;

const linkTargets: Partial<Record<string, string>> = {
  Login: '/',
  ...Object.fromEntries(Object.entries(infoLinks).map(([label, slug]) => [label, `/info/${slug}`])),
};

/** The footer of the public pages. */
export function PublicFooter() {
  return (
    <footer className="mt-auto bg-brand-900 text-brand-50" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {footerGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h3 className="text-sm font-semibold tracking-wide text-white uppercase">{group.title}</h3>
            <ul className="mt-4 space-y-2 text-sm">
              {group.links.map((label) => (
                <li key={label}>
                  <NavLink
                    end
                    className="hover:text-white hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-white"
                    to={linkTargets[label] ?? '/'}
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h3 className="text-sm font-semibold tracking-wide text-white uppercase">Get in Touch</h3>
          <address className="mt-4 text-sm not-italic leading-6">
            Itrust Ltd
            <br />
            30 St Mary Axe
            <br />
            London EC3A 8BF
            <br />
            United Kingdom
          </address>
        </div>
        <div>
          <h3 className="text-sm font-semibold tracking-wide text-white uppercase">Our community</h3>
          <p className="mt-4 text-sm leading-6">
            Thousands of investors use Itrust to grow their savings, trade stocks and crypto, and plan for retirement.
          </p>
        </div>
      </div>
      <p className="border-t border-white/10 px-6 py-5 text-center text-xs">
        © {new Date().getFullYear()} Itrust. All rights reserved. Investing involves risk, including loss of principal.
      </p>
    </footer>
  );
}
