import type { Locator, Page } from 'playwright-core';

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
