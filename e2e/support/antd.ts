import type { Locator, Page } from 'playwright-core';
import { settle } from './browser';

/**
 * Picks an option of an antd Select from its own dropdown (another may still be fading out). With
 * `type`, the option's text is typed into the search box first, so long lists are filtered.
 */
export async function chooseOption(
  page: Page,
  combobox: Locator,
  option: string,
  { type = false } = {},
): Promise<void> {
  await combobox.click();
  if (type) await combobox.fill(option);
  const listId = await combobox.getAttribute('aria-controls');
  await page
    .locator(`.ant-select-dropdown:has([id="${listId}"])`)
    .locator('.ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/**
 * The dialog of that name once its opening motion has ended. While antd prepares the zoom the dialog
 * stands still at its final place, then jumps to scale 0 and grows: a click aimed during the pause
 * lands on whatever is under it a moment later, and the dialog never sees it.
 */
export async function openedDialog(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await settle(page);
  return dialog;
}
