import type { Locator, Page } from 'playwright-core';

/** Types into the six code boxes of a code screen, or of the group `within` when a screen has several. */
export async function typeCode(page: Page, code: string, within: Page | Locator = page) {
  await within.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code, { delay: 20 });
}

/** Pastes the whole code into the first box, as a person pasting from their mail does. */
export async function pasteCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').evaluate((box, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
}

export async function codeInBoxes(within: Page | Locator) {
  const digits = [];
  for (let index = 1; index <= 6; index += 1) digits.push(await within.getByLabel(`Digit ${index} of 6`).inputValue());
  return digits.join('');
}

/** How far the code boxes reach past the right edge of the buttons under them, and of their card. */
export const codeBoxesReach = (target: Page) =>
  target.evaluate(() => {
    const right = (element: Element | null | undefined) => element?.getBoundingClientRect().right ?? Number.NaN;
    const sixth = document.querySelector('[aria-label="Digit 6 of 6"]');
    const card = sixth?.closest('section');
    const button = [...(card?.querySelectorAll('button') ?? [])].find((candidate) =>
      candidate.textContent.includes('Resend code'),
    );
    const cardPadding = card ? Number.parseFloat(getComputedStyle(card).paddingRight) : Number.NaN;
    return {
      pastButtons: right(sixth) - right(button?.parentElement),
      pastCard: right(sixth) - (right(card) - cardPadding),
    };
  });
